import { describe, expect, it } from 'vitest';
import {
  chroniclerSchema,
  cohortMemberTurnSchema,
  cohortModeratorSchema,
  intentCheckSchema,
  loreCrafterSchema,
  offscreenInferenceSchema,
  standaloneSimulationSchema,
} from '../../../engine/boundary/simulation/index.ts';
import { PromptBook } from '../../../engine/prompts/index.ts';
import { PERIOD, STORY, simulatedSheet } from '../../support/simulation-prompts.ts';

const book = PromptBook.create().book;
const text = (messages: readonly { readonly content: string }[]) => messages.map((m) => m.content).join('\n');

const story = STORY;
const period = PERIOD;
const sheet = simulatedSheet;

describe('off-screen simulation and Chronicler templates', () => {
  it('IntentCheck asks one character, from its own sheet, about the others in question', () => {
    const prompt = text(
      book.renderBoundary('intent_check', {
        story,
        period,
        char: sheet('magdalen-rook', 'Magdalen'),
        others: ['silas-crane — Silas Crane: the harbourmaster'],
      }),
    );
    expect(prompt).toContain('MAGDALEN-SECRET');
    expect(prompt).toContain('Where Magdalen stands with others (−1 to +1): MAGDALEN-STANDING');
    expect(prompt).toContain('What anyone could know:\n- WORLD-FACT');
    expect(prompt).toContain('What Magdalen remembers:\n- MAGDALEN-MEMORY');
    expect(prompt).toContain('- silas-crane — Silas Crane: the harbourmaster');
    expect(prompt).toContain('would Magdalen seek out any of them');
  });

  it('StandaloneSimulation gives the period, the cast and places, and the reply fields', () => {
    const prompt = text(
      book.renderBoundary('standalone_simulation', {
        story,
        period,
        cast: 'ambrose-hale — Ambrose Hale',
        places: 'quay — The Quay',
        char: sheet('ambrose-hale', 'Hale'),
      }),
    );
    expect(prompt).toContain(
      'The period: live 6h as this character, from 1768-09-29 22:10 to 1768-09-30 04:10 (the default period (6h)).',
    );
    expect(prompt).toContain('Cast (id — name): ambrose-hale — Ambrose Hale\nPlaces (id — name): quay — The Quay');
    expect(prompt).toContain('"pending_mc_interaction"');
    expect(prompt).toContain('"world_events_emitted"');
    expect(prompt).toContain('Goals:\n- Hale wants the tide to be kind.');
    expect(prompt).toContain('Routine:\n- 22:00–22:30 at The Quay: walks');
  });

  it('the SimulationModerator’s prompt holds public facts only: names, where and when, and the public timeline', () => {
    const prompt = text(
      book.renderBoundary('cohort_moderator', {
        story,
        period,
        places: 'quay — The Quay',
        members: ['Magdalen (magdalen-rook)', 'Silas (silas-crane)'],
        transcript: ['[round 1] Magdalen: calls at the office — says: “The log.”'],
        round: 1,
        max_rounds: 3,
      }),
    );
    expect(prompt).toContain('- Magdalen (magdalen-rook)');
    expect(prompt).toContain('[round 1] Magdalen: calls at the office — says: “The log.”');
    expect(prompt).toContain('round 1 of at most 3');
    expect(prompt).not.toMatch(/SECRET|MEMORY|STANDING|WORLD-FACT|wants the tide/u);
  });

  it('a cohort member’s turn holds its own sheet and notes, the others as anyone sees them, and the timeline', () => {
    const prompt = text(
      book.renderBoundary('cohort_member', {
        story,
        period,
        char: sheet('silas-crane', 'Silas'),
        others: ['magdalen-rook — Magdalen: the landlady'],
        notes: ['round 1: thought: she suspects'],
        transcript: ['[round 1] Magdalen: says: “The log.”'],
        round: 2,
        max_rounds: 3,
      }),
    );
    expect(prompt).toContain('SILAS-SECRET');
    expect(prompt).toContain('SILAS-MEMORY');
    expect(prompt).toContain('- magdalen-rook — Magdalen: the landlady');
    expect(prompt).toContain('What Silas privately thought and meant during the encounter:\n- round 1: thought');
    expect(prompt).toContain('Round 2 of at most 3. What does Silas say and do now?');
    expect(prompt).not.toContain('MAGDALEN-');
  });

  it('a cohort member’s turns and account start alike, so a local model keeps the member’s prefix cached', () => {
    const shared = { story, period, char: sheet('silas-crane', 'Silas'), others: ['magdalen-rook — Magdalen'] };
    const turn = book.renderBoundary('cohort_member', {
      ...shared,
      notes: [],
      transcript: [],
      round: 1,
      max_rounds: 3,
    });
    const account = book.renderBoundary('cohort_member_account', {
      ...shared,
      cast: '',
      places: '',
      notes: ['round 1: thought: she knows'],
      transcript: ['[round 1] Magdalen: leaves.'],
    });
    expect(account[0]).toEqual(turn[0]);
    const sheetEnd = (messages: readonly { readonly content: string }[]) =>
      messages[1]?.content.slice(0, messages[1].content.indexOf('The others in the encounter:'));
    expect(sheetEnd(account)).toEqual(sheetEnd(turn));
  });

  it('a cohort member’s account asks for the lived-period fields from its own view', () => {
    const prompt = text(
      book.renderBoundary('cohort_member_account', {
        story,
        period,
        cast: 'silas-crane — Silas Crane',
        places: 'quay — The Quay',
        char: sheet('silas-crane', 'Silas'),
        others: ['magdalen-rook — Magdalen: the landlady'],
        notes: [],
        transcript: ['[round 1] Magdalen: leaves.'],
      }),
    );
    expect(prompt).toContain('"pending_mc_interaction"');
    expect(prompt).toContain('The encounter so far, in front of everyone:\n[round 1] Magdalen: leaves.');
    expect(prompt).not.toContain('privately thought');
    expect(prompt).not.toContain('MAGDALEN-');
  });

  it('OffscreenInference caps salience in its instructions and lists the events log', () => {
    const prompt = text(
      book.renderBoundary('offscreen_inference', {
        story,
        period,
        cast: '',
        places: '',
        char: sheet('anselm-mercer', 'Anselm'),
        events: ['1768-09-29 17:00, Ambrose Hale: asked for the crypt keys'],
        max_salience: 6,
      }),
    );
    expect(prompt).toContain('salience\nat most 6');
    expect(prompt).toContain('- 1768-09-29 17:00, Ambrose Hale: asked for the crypt keys');
  });

  it('the Chronicler sees momentum, the previous state, the world and the last cycle’s events', () => {
    const prompt = text(
      book.renderBoundary('chronicler', {
        story,
        time: { previous: '1768-09-29 21:30', now: '1768-09-29 22:25', elapsed: '55m' },
        scene: ['Rain on the shutters.'],
        previous: '{"dramatic_questions":[]}',
        momentum: ['The Michaelmas gale (hours): rises towards dawn'],
        simulation_events: ['a skiff rowed out without lights'],
        world: ['WORLD-FACT'],
        weather: 'hard rain and sea fog',
      }),
    );
    expect(prompt).toContain('- The Michaelmas gale (hours): rises towards dawn');
    expect(prompt).toContain('Weather when the scene ended: hard rain and sea fog.');
    expect(prompt).toContain('What happened out of sight since then (now public):\n- a skiff rowed out without lights');
    expect(prompt).toContain('Time: 1768-09-29 21:30 → 1768-09-29 22:25 (55m passed).');
    expect(prompt).toContain('"manifesting_now"');
    expect(prompt).toContain('"lore_requests"');
  });

  it('the LoreCrafter sees the world and the numbered requests, and nothing else', () => {
    const prompt = text(
      book.renderBoundary('lore_crafter', {
        story,
        world: ['WORLD-FACT'],
        requests: [
          { number: 1, subject: 'The riders', question: 'Who leads them?', why: 'they ride tonight' },
          { number: 2, subject: 'The trap', question: 'What is it?', why: '' },
        ],
      }),
    );
    expect(prompt).toContain('What the world knows:\n- WORLD-FACT');
    expect(prompt).toContain('1. The riders: Who leads them? (needed because they ride tonight)');
    expect(prompt).toContain('2. The trap: What is it?');
    expect(prompt).not.toContain('What is it? (needed');
  });
});

describe('off-screen simulation reply schemas', () => {
  it('fill in what a model may leave out', () => {
    expect(intentCheckSchema.parse({})).toEqual({ seeking: [], avoiding: [], self_focused: '' });
    expect(standaloneSimulationSchema.parse({ scenes: [{ narrative: 'I walked the quay.' }] })).toMatchObject({
      memories: [],
      pending_mc_interaction: null,
      world_events_emitted: [],
      ends_at: null,
    });
    expect(chroniclerSchema.parse({ story_state: {}, writer_guidance: {} }).writer_guidance.manifesting_now).toEqual(
      [],
    );
    expect(cohortMemberTurnSchema.parse({})).toEqual({ says: '', does: '', thinks: '', intends: '', leaves: false });
    expect(cohortModeratorSchema.parse({})).toEqual({ next: '', done: false });
    expect(loreCrafterSchema.parse({})).toEqual({ answers: [] });
    expect(loreCrafterSchema.parse({ answers: [{ request: 1 }] }).answers).toEqual([
      { request: 1, key: '', content: '' },
    ]);
  });

  it('refuse an inferred memory above salience 6 and more than two inferred scenes', () => {
    const scene = { narrative: 'Compline.' };
    const situation = { location: 'chapel' };
    expect(
      offscreenInferenceSchema.safeParse({
        scenes: [scene],
        memories: [{ text: 'A vivid night.', salience: 7 }],
        current_situation: situation,
      }).success,
    ).toBe(false);
    expect(
      offscreenInferenceSchema.safeParse({ scenes: [scene, scene, scene], current_situation: situation }).success,
    ).toBe(false);
  });

  it('take a pending interaction only with a known urgency', () => {
    const lived = (urgency: string) => ({
      scenes: [{ narrative: 'x' }],
      pending_mc_interaction: { urgency, what: 'Warn the stranger' },
    });
    expect(standaloneSimulationSchema.safeParse(lived('high')).success).toBe(true);
    expect(standaloneSimulationSchema.safeParse(lived('urgent')).success).toBe(false);
  });
});
