import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CharactersPanel } from '../../../renderer/debug/CharactersPanel.tsx';
import { ChroniclePanel } from '../../../renderer/debug/ChroniclePanel.tsx';
import { DEBUG_TABS } from '../../../renderer/debug/DebugTabs.tsx';
import { BoundaryIndicator } from '../../../renderer/play/BoundaryIndicator.tsx';
import { chronicleView, knowledgeView, pendingInteraction } from './chronicle-fixtures.ts';
import { turnRecord } from './truth-fixtures.ts';

// Rendered to static markup in node, as the other component tests are: what the Characters and Chronicle panels say.
const characters = (props: Partial<Parameters<typeof CharactersPanel>[0]> = {}) =>
  renderToStaticMarkup(
    createElement(CharactersPanel, {
      turn: turnRecord(3),
      view: chronicleView(),
      picked: null,
      knowledge: { '3:odile-fenn': knowledgeView() },
      onPick: () => {},
      ...props,
    }),
  );
const chronicle = (props: Partial<Parameters<typeof ChroniclePanel>[0]> = {}) =>
  renderToStaticMarkup(createElement(ChroniclePanel, { turn: turnRecord(3), view: chronicleView(), ...props }));

describe('characters panel', () => {
  it('lists every character with its tier, then the World KG, the one shown pressed', () => {
    const html = characters();
    expect(html).toContain('<ul class="character-list" aria-label="Characters">');
    expect(html).toMatch(
      /aria-pressed="true" data-graph="odile-fenn"><span class="character-name">Odile Fenn<\/span><span class="tier-badge tier-arc_important">arc important<\/span>/u,
    );
    expect(html).toContain('aria-pressed="false" data-graph="jory"');
    expect(html).toContain('<span class="tier-badge tier-background">background</span>');
    expect(html).toMatch(/data-graph="world"><span class="character-name">World KG<\/span><\/button>/u);
  });

  it('marks the characters the story created, in the list and on the card, and no pack character', () => {
    const list = characters();
    expect(list).toMatch(
      /data-graph="ned-tolly"><span class="character-name">Ned Tolly<\/span><span class="tier-badge tier-background">background<\/span><span class="created-badge" title="Created by the story in turn 2: someone must answer for the rope">created<\/span>/u,
    );
    expect(list.match(/class="created-badge"/gu)?.length).toBe(1);
    const card = characters({ picked: 'ned-tolly' });
    expect(card).toContain('<dt>Created</dt><dd>by the story in turn 2: someone must answer for the rope</dd>');
    expect(characters({ picked: 'jory' })).not.toContain('<dt>Created</dt>');
  });

  it('shows the character picked: last simulation, situation, states strongest first with the subconscious marked', () => {
    const html = characters();
    expect(html).toContain('<section class="character-card" aria-label="Odile Fenn" data-character="odile-fenn">');
    expect(html).toContain('<dt>Last simulated</dt><dd>1768-09-29 22:00</dd>');
    expect(html).toContain('<dt>Situation</dt><dd>custom-house; counting; tense</dd>');
    expect(html).toMatch(/watchful<\/span> <span class="muted">mood · level 12<\/span>.*grieving/u);
    expect(html).toContain('<li class="state subconscious"><span class="state-name">grieving</span>');
    expect(html).toContain('wound · level 4 · subconscious');
  });

  it('shows its own side of each relationship, signed, with strong ones marked', () => {
    const html = characters();
    expect(html).toContain('<ul class="standing-list" aria-label="Standings of Odile Fenn">');
    expect(html).toContain(
      '<span class="standing-name">Jory</span> <span class="standing-values">fear −0.10, trust +0.70</span>',
    );
    expect(html).toContain('· strong');
    expect(html).toContain('he kept the ledger hidden');
  });

  it('lists its knowledge graph newest first, with time, place, salience, tags and provenance', () => {
    const html = characters();
    expect(html).toContain('<ol class="knowledge-list" aria-label="Knowledge of Odile Fenn">');
    expect(html).toMatch(/A stranger asked after Pell\..*The Merlin came home with no remarks\./u);
    expect(html).toContain('<span class="salience">salience 7</span>');
    expect(html).toContain('<span class="provenance">character-reflection (turn 3)</span>');
    expect(html).toContain('<span>1768-09-29 21:30 · drowned-lantern</span>');
    expect(html).toContain('<li class="tag">stranger</li><li class="tag">reflection</li>');
    expect(html).toContain('<span class="provenance">pack</span>');
  });

  it('shows only the pending interactions it is part of', () => {
    const view = chronicleView();
    const jorys = pendingInteraction({ id: 'jory-1', character: 'jory', name: 'Jory', what: 'sell a knife' });
    const html = characters({ view: { ...view, pending: [...view.pending, jorys] } });
    expect(html).toContain('aria-label="Pending interactions of Odile Fenn"');
    expect(html).toContain('bang on the door');
    expect(html).not.toContain('sell a knife');
  });

  it('says when its graph is still being read, or empty, and shows the World KG when picked', () => {
    expect(characters({ knowledge: {} })).toContain('Reading the knowledge graph…');
    const empty = { '3:jory': knowledgeView({ entries: [], owner: 'jory' }) };
    expect(characters({ picked: 'jory', knowledge: empty })).toContain('Nothing known yet.');
    const world = { '3:world': knowledgeView({ graph: 'world', owner: null }) };
    const html = characters({ picked: 'world', knowledge: world });
    expect(html).toContain('<section class="character-card" aria-label="World KG"><h3>World KG</h3>');
    expect(html).toContain('aria-label="World knowledge"');
  });
});

describe('chronicle panel', () => {
  it('says why it is empty before the first scene boundary', () => {
    const html = chronicle({ view: chronicleView({ turn: null, chronicle: null, lastCycle: null, pending: [] }) });
    expect(html).toContain('No scene boundary has run yet. The Chronicler writes at the end of a scene.');
    expect(html).toContain('Nobody has lived off-screen yet.');
    expect(html).toContain('Nobody is seeking the protagonist.');
  });

  it('shows the writer guidance with manifesting_now marked mandatory, the tone, and no empty parts', () => {
    const html = chronicle();
    expect(html).toContain('<strong>Cycle 1</strong> <span class="muted">at 1768-09-29 22:00, after turn 3</span>');
    expect(html).toContain('<span class="muted">Tone:</span> Hushed.');
    expect(html).toContain(
      '<div class="chronicle-section mandatory"><h4>Manifesting now<span class="standing">mandatory</span></h4>',
    );
    expect(html).toContain('<li>The tide board has been wiped clean.</li>');
    expect(html).toContain('aria-label="Weave in"');
    expect(html).not.toContain('Opportunities present');
  });

  it('lists the cycle before’s events the Chronicler took in, and nothing when it took in none', () => {
    const view = chronicleView();
    expect(chronicle()).not.toContain('Took in');
    if (view.chronicle === null) throw new Error('the fixture has a chronicle');
    const tookIn = { ...view, chronicle: { ...view.chronicle, took_in: ['Odile burned a letter.'] } };
    expect(chronicle({ view: tookIn })).toContain(
      '<ul class="storykeeper-list" aria-label="Took in from the cycle before"><li>Odile burned a letter.</li></ul>',
    );
  });

  it('shows the story state, the last cycle’s events and the pending interactions most urgent first', () => {
    const html = chronicle();
    expect(html).toContain('<li>Who rowed the Merlin home? — tension high</li>');
    expect(html).toContain('aria-label="Events of cycle 1"');
    expect(html).toContain('1768-09-29 21:40 · custom-house</span> Odile locks the strongbox twice.');
    expect(html).toMatch(/urgency-immediate">immediate.*urgency-low">low/u);
    expect(html).toContain('<li class="pending-item spent" data-pending="now">');
    expect(html).toContain('at the quay steps · raised 1768-09-29 23:00 · offered once, spent');
  });

  it('is reachable from the drawer as the last two tabs', () => {
    expect(DEBUG_TABS.slice(-2)).toEqual([
      { id: 'characters', label: 'Characters' },
      { id: 'chronicle', label: 'Chronicle' },
    ]);
  });
});

describe('boundary indicator', () => {
  it('is a polite status counting the steps, with a meter the screen reader skips', () => {
    const html = renderToStaticMarkup(
      createElement(BoundaryIndicator, {
        progress: { work: 'scene_boundary', turn: 3, step: 'chronicler', status: 'started', done: 3, total: 8 },
      }),
    );
    expect(html).toContain('role="status" aria-live="polite" title="The scene that closed at turn 3"');
    expect(html).toContain('<progress class="boundary-meter" max="8" value="3" aria-hidden="true"></progress>');
    expect(html).toContain('The world moves on… 3 of 8');
  });
});
