import { describe, expect, it } from 'vitest';
import { BOUNDARY_PROMPT_STAGES } from '../../../engine/api/index.ts';
import {
  PromptBook,
  type ReflectionContext,
  type SimulatedCharacterSheet,
  type SimulationPeriod,
} from '../../../engine/prompts/index.ts';
import { PERIOD, STORY, simulatedSheet } from '../../support/simulation-prompts.ts';

// A local model evaluates only what a prompt does not share, from its start, with a prompt its KV sequence holds: the
// scene boundary's prompts are laid out so that what calls share comes first and what is one call's own comes last.
const book = PromptBook.create().book;
const text = (messages: readonly { readonly content: string }[]) => messages.map((m) => m.content).join('\n');

/** What two prompts share from their start. */
function sharedStart(a: string, b: string): string {
  let index = 0;
  while (index < a.length && a[index] === b[index]) index += 1;
  return a.slice(0, index);
}

/** The prompt up to where its character's own part starts (its sheet opens with `Name (id).`). */
const upTo = (prompt: string, marker: string) => {
  const at = prompt.indexOf(marker);
  if (at < 0) throw new Error(`the prompt has no "${marker}"`);
  return prompt.slice(0, at);
};

const story = STORY;
const period = PERIOD;
const later: SimulationPeriod = { ...PERIOD, from: '1768-09-30 04:10', until: '1768-09-30 10:10' };
const sheet = simulatedSheet;
const magdalen = sheet('magdalen-rook', 'Magdalen');
const silas = sheet('silas-crane', 'Silas');
const places = { cast: 'magdalen-rook — Magdalen, silas-crane — Silas', places: 'quay — The Quay' };

describe('the scene boundary’s prompts, for a local model’s KV cache', () => {
  it('each open with a system prompt of their own, the same at every boundary and for every character', () => {
    const reflection = (id: string, name: string, line: string): ReflectionContext => ({
      story,
      cast: places.cast,
      char: { id, name, description: '', personality: '', states: '' },
      location: { id: 'quay', name: 'The Quay' },
      scene: [{ line }],
      knowledge: { world: [], own: [] },
    });
    const chronicle = (now: string, line: string) => ({
      story,
      time: { previous: 'a', now, elapsed: '1m' },
      scene: [line],
      previous: '',
      momentum: [],
      simulation_events: [],
      world: [],
      weather: '',
    });
    // The same stage at two boundaries: another character, another period, another scene.
    const openings = (char: typeof magdalen, when: SimulationPeriod, line: string) => {
      const simulated = { story, period: when, ...places, char, others: [], notes: [], transcript: [line] };
      return [
        book.renderBoundary('intent_check', simulated),
        book.renderBoundary('standalone_simulation', simulated),
        book.renderBoundary('offscreen_inference', { ...simulated, events: [], max_salience: 6 }),
        book.renderBoundary('cohort_member', { ...simulated, round: 1, max_rounds: 3 }),
        book.renderBoundary('cohort_member_account', simulated),
        book.renderBoundary('cohort_moderator', { ...simulated, members: [], round: 1, max_rounds: 3 }),
        book.renderBoundary('chronicler', chronicle(when.until, line)),
        book.renderBoundary('lore_crafter', { story, world: [], requests: [] }),
        book.renderBoundary('character_reflection', reflection(char.id, char.name, line)),
      ].map(([system]) => system);
    };
    const first = openings(magdalen, period, 'Rain.');
    // Every boundary stage with a template of the off-screen simulation, the Chronicler, the Lore or reflections.
    expect(BOUNDARY_PROMPT_STAGES.filter((stage) => stage !== 'partial_profile' && stage !== 'creation')).toHaveLength(
      first.length,
    );
    // pipeline-rules.md: each stage has its own system prompt (the cohort member's turn and account are one stage's).
    const stages = first.map((message) => message?.content);
    expect(new Set(stages).size).toBe(stages.length - 1);
    for (const message of first) expect(message?.role).toBe('system');
    // Nothing of one boundary's calls is in them: a stage's system prompt is served from the cache at every boundary.
    expect(openings(silas, later, 'Wind.')).toEqual(first);
  });

  it('two characters’ intent checks and simulations share everything up to the sheet, which comes first of the rest', () => {
    const ask = (char: SimulatedCharacterSheet, other: string) =>
      text(book.renderBoundary('intent_check', { story, period, char, others: [other] }));
    const live = (char: SimulatedCharacterSheet) =>
      text(book.renderBoundary('standalone_simulation', { story, period, ...places, char }));
    const asked = ask(magdalen, 'silas-crane — Silas: the harbourmaster');
    expect(sharedStart(asked, ask(silas, 'magdalen-rook — Magdalen: the landlady'))).toBe(
      upTo(asked, 'Magdalen (magdalen-rook).'),
    );
    expect(sharedStart(live(magdalen), live(silas))).toBe(upTo(live(magdalen), 'Magdalen (magdalen-rook).'));
    // The stage's own instructions and reply format before the sheet; the period and the others after it.
    expect(asked.indexOf('Reply with JSON only: {"seeking"')).toBeLessThan(asked.indexOf('MAGDALEN-MEMORY'));
    expect(asked.indexOf('The period:')).toBeGreaterThan(asked.indexOf('MAGDALEN-MEMORY'));
    expect(asked.indexOf('silas-crane — Silas: the harbourmaster')).toBeGreaterThan(asked.indexOf('The period:'));
  });

  it('two characters’ off-screen inferences share everything up to the sheet', () => {
    const infer = (char: SimulatedCharacterSheet) =>
      text(book.renderBoundary('offscreen_inference', { story, period, ...places, char, events: [], max_salience: 6 }));
    expect(sharedStart(infer(magdalen), infer(silas))).toBe(upTo(infer(magdalen), 'Magdalen (magdalen-rook).'));
  });

  it('a simulation stage’s instructions and reply format come before the period, so a new period for the same sheet reuses them', () => {
    const at = (when: SimulationPeriod) => ({
      ask: text(book.renderBoundary('intent_check', { story, period: when, char: magdalen, others: [] })),
      live: text(book.renderBoundary('standalone_simulation', { story, period: when, ...places, char: magdalen })),
    });
    const [first, next] = [at(period), at(later)];
    for (const stage of ['ask', 'live'] as const) {
      const shared = sharedStart(first[stage], next[stage]);
      expect(shared.length).toBeGreaterThan(first[stage].indexOf('The period:'));
      expect(shared).toContain('Reply with JSON only');
    }
  });

  it('the Chronicler’s instructions, forces, world and scene come before what only the close knows', () => {
    const chronicle = (time: string, scene: string, world: readonly string[]) =>
      text(
        book.renderBoundary('chronicler', {
          story,
          time: { previous: '1768-09-29 21:30', now: time, elapsed: '1h' },
          scene: [scene],
          previous: '',
          momentum: ['The Michaelmas gale (hours): rises towards dawn'],
          simulation_events: [],
          world,
          weather: 'hard rain',
        }),
      );
    const first = chronicle('1768-09-29 22:30', 'Rain on the shutters.', ['WORLD-FACT']);
    const next = chronicle('1768-09-29 23:45', 'The door bangs.', ['WORLD-FACT', 'NEW-FACT']);
    const shared = sharedStart(first, next);
    expect(shared).toContain('"lore_requests"');
    expect(shared).toContain('- The Michaelmas gale (hours): rises towards dawn\n');
    expect(shared).toContain('What the world knows:\n- WORLD-FACT\n');
    // The scene comes before the time and the weather, which only its close knows: a warm-up made while the scene
    // was open holds its lines so far.
    expect(first.indexOf('Time: ')).toBeGreaterThan(first.indexOf('Rain on the shutters.'));
    expect(first.indexOf('Weather when the scene ended')).toBeGreaterThan(first.indexOf('Time: '));
    const open = chronicle('', 'Rain on the shutters.', ['WORLD-FACT']);
    expect(sharedStart(open, first)).toContain('Rain on the shutters.\nTime: 1768-09-29 21:30 → ');
  });

  const reflect = (id: string, name: string, lines: readonly string[], world: readonly string[] = ['WORLD-FACT']) =>
    text(
      book.renderBoundary('character_reflection', {
        story,
        cast: places.cast,
        char: { id, name, description: `${name}, as anyone sees them.`, personality: 'Watchful.', states: '' },
        location: { id: 'drowned-lantern', name: 'The Drowned Lantern' },
        scene: lines.map((line) => ({ line })),
        knowledge: { world, own: [`${name.toUpperCase()}-MEMORY`] },
      }),
    );

  it('two characters’ reflections on one scene share everything up to the first line only one of them has', () => {
    const lines = (own: string) => ['The rain hammers the shutters.', own, 'The door bangs.'];
    const kit = reflect('kit-wickett', 'Kit', lines('(you thought) A penny, and never haggled.'));
    const rook = reflect('magdalen-rook', 'Magdalen', lines('Magdalen Rook (warm): “Sit, my lamb.”'));
    expect(sharedStart(kit, rook)).toBe(upTo(kit, '(you thought) A penny'));
    expect(sharedStart(kit, rook)).toContain('Cast: magdalen-rook — Magdalen');
    expect(kit.indexOf('KIT-MEMORY')).toBeGreaterThan(kit.indexOf('The door bangs.'));
  });

  it('a reflection on the scene so far shares the close’s through every line, whatever the close recalls after', () => {
    const open = reflect('kit-wickett', 'Kit', ['The rain hammers the shutters.']);
    // The closing turn adds a line, and the close's first run a fact the reflection now recalls.
    const closed = reflect(
      'kit-wickett',
      'Kit',
      ['The rain hammers the shutters.', 'The door bangs.'],
      ['NEW-FACT', 'WORLD-FACT'],
    );
    expect(sharedStart(open, closed)).toContain('The rain hammers the shutters.\n');
    expect(closed.indexOf('What anyone could know:')).toBeGreaterThan(closed.indexOf('The door bangs.'));
  });
});
