import { describe, expect, it } from 'vitest';
import {
  byUrgency,
  guidanceSections,
  offeredLine,
  storyStateSections,
} from '../../../renderer/debug/chronicle-format.ts';
import { entrySource, entryWhen, isManifest, statesByLevel } from '../../../renderer/debug/character-format.ts';
import { knowledgeKey, pickedGraph, WORLD_GRAPH } from '../../../renderer/stores/picked-graph.ts';
import { boundaryLabel } from '../../../renderer/play/boundary-label.ts';
import { chronicleView, knowledgeEntry, pendingInteraction } from './chronicle-fixtures.ts';

const chronicle = chronicleView().chronicle;
if (chronicle === null) throw new Error('the fixture has a chronicle');

describe('chronicle format', () => {
  it('writes each story-state item on one line, leaving out the details the Chronicler left empty', () => {
    const sections = storyStateSections(chronicle.story_state);
    expect(sections.map((section) => section.title)).toEqual([
      'Dramatic questions',
      'Promises',
      'Active threads',
      'Stakes',
      'Windows',
      'World momentum',
    ]);
    expect(sections[0]?.lines).toEqual(['Who rowed the Merlin home? — tension high']);
    expect(sections[2]?.lines).toEqual(['The missing officer — status open, momentum rising']);
    expect(sections[3]?.lines).toEqual(['the Board’s trust — if the letter goes astray']);
    expect(sections[5]?.lines).toEqual(['The landing: boats gathering — trajectory accelerating']);
    expect(sections[1]?.lines).toEqual([]);
  });

  it('puts manifesting_now first and marks it, alone, mandatory', () => {
    const sections = guidanceSections(chronicle.writer_guidance);
    expect(sections[0]).toEqual({
      title: 'Manifesting now',
      lines: ['The tide board has been wiped clean.'],
      mandatory: true,
    });
    expect(sections.slice(1).filter((section) => section.mandatory === true)).toEqual([]);
    expect(sections.find((section) => section.title === 'Don’t forget')?.lines).toEqual(['Kit still has the penny.']);
  });

  it('orders pending interactions immediate, high, medium, low', () => {
    const pending = ['low', 'high', 'immediate', 'medium'] as const;
    const sorted = byUrgency(pending.map((urgency) => pendingInteraction({ id: urgency, urgency })));
    expect(sorted.map((item) => item.urgency)).toEqual(['immediate', 'high', 'medium', 'low']);
  });

  it('says how often an interaction was offered and whether it is spent', () => {
    expect(offeredLine(pendingInteraction())).toBe('not offered yet');
    expect(offeredLine(pendingInteraction({ offered: 1 }))).toBe('offered once');
    expect(offeredLine(pendingInteraction({ offered: 3, spent: true }))).toBe('offered 3 times, spent');
  });
});

describe('character format', () => {
  it('sorts states strongest first; below level 6 a state is subconscious', () => {
    const states = [
      { name: 'grieving', level: 4, category: 'wound' },
      { name: 'watchful', level: 12, category: 'mood' },
      { name: 'tired', level: 6, category: 'body' },
    ];
    expect(statesByLevel(states).map((state) => state.name)).toEqual(['watchful', 'tired', 'grieving']);
    expect(states.map(isManifest)).toEqual([false, true, true]);
  });

  it('says when and where an entry holds and which stage wrote it', () => {
    expect(entryWhen(knowledgeEntry(1))).toBe('1768-09-29 21:30 · drowned-lantern');
    expect(entryWhen(knowledgeEntry(1, { place: null }))).toBe('1768-09-29 21:30');
    expect(entrySource(knowledgeEntry(1))).toBe('character-reflection (turn 3)');
    expect(entrySource(knowledgeEntry(1, { source: 'pack', ref: null }))).toBe('pack');
  });

  it('shows the graph picked, else the first character’s, else the World KG’s; kept per turn and graph', () => {
    expect(pickedGraph('jory', chronicleView())).toBe('jory');
    expect(pickedGraph(null, chronicleView())).toBe('odile-fenn');
    expect(pickedGraph(null, chronicleView({ characters: [] }))).toBe(WORLD_GRAPH);
    expect(knowledgeKey(4, 'world')).toBe('4:world');
  });

  it('forgets a pick the view has no character for (another save’s), but keeps the World KG', () => {
    expect(pickedGraph('kit-wickett', chronicleView())).toBe('odile-fenn');
    expect(pickedGraph('jory', chronicleView({ characters: [] }))).toBe(WORLD_GRAPH);
    expect(pickedGraph(WORLD_GRAPH, chronicleView())).toBe(WORLD_GRAPH);
    expect(pickedGraph(WORLD_GRAPH, chronicleView({ characters: [] }))).toBe(WORLD_GRAPH);
  });
});

describe('boundary label', () => {
  it('counts the steps done, and names a step being tried again', () => {
    const progress = { work: 'scene_boundary', turn: 3, step: 'offscreen_propagation', done: 3, total: 8 } as const;
    expect(boundaryLabel({ ...progress, status: 'started' })).toBe('The world moves on… 3 of 8');
    expect(boundaryLabel({ ...progress, status: 'retrying' })).toBe(
      'The world moves on… 3 of 8 (trying the offscreen propagation again)',
    );
  });

  it('says the story takes note while the extractors of a turn run after its prose', () => {
    const progress = { work: 'after_turn', turn: 4, step: '1.lore_extractor', done: 2, total: 5 } as const;
    expect(boundaryLabel({ ...progress, status: 'started' })).toBe('The story takes note… 2 of 5');
  });
});
