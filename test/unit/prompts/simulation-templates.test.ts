import { describe, expect, it } from 'vitest';
import {
  chroniclerSchema,
  cohortSimulationSchema,
  intentCheckSchema,
  offscreenInferenceSchema,
  standaloneSimulationSchema,
} from '../../../engine/boundary/simulation/index.ts';
import { PromptBook, type SimulatedCharacterSheet, type SimulationPeriod } from '../../../engine/prompts/index.ts';

const book = PromptBook.create().book;
const text = (messages: readonly { readonly content: string }[]) => messages.map((m) => m.content).join('\n');

const story = { title: 'Lantern Quay', description: 'A smugglers’ port over one long night.' };
const period: SimulationPeriod = {
  from: '1768-09-29 22:10',
  until: '1768-09-30 04:10',
  length: '6h',
  why: 'the default period (6h)',
};
const sheet = (id: string, name: string): SimulatedCharacterSheet => ({
  id,
  name,
  description: `${name}, as anyone sees them.`,
  personality: 'Watchful.',
  faction: 'free-trade',
  goals: [`${name} wants the tide to be kind.`],
  routine: ['22:00–22:30 at The Quay: walks'],
  states: 'watchful of strangers (mood, 12)',
  situation: 'at The Drowned Lantern',
  secrets: [`${name.toUpperCase()}-SECRET`],
  knowledge: { world: ['WORLD-FACT'], own: [`${name.toUpperCase()}-MEMORY`] },
});

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
    expect(prompt).toContain('Live 6h as this character (from 1768-09-29 22:10 to 1768-09-30 04:10');
    expect(prompt).toContain('"pending_mc_interaction"');
    expect(prompt).toContain('"world_events_emitted"');
    expect(prompt).toContain('Goals:\n- Hale wants the tide to be kind.');
    expect(prompt).toContain('Routine:\n- 22:00–22:30 at The Quay: walks');
  });

  it('the SimulationModerator’s prompt holds every member’s sheet and why they meet', () => {
    const prompt = text(
      book.renderBoundary('cohort_simulation', {
        story,
        period,
        cast: '',
        places: '',
        members: [sheet('magdalen-rook', 'Magdalen'), sheet('silas-crane', 'Silas')],
        links: ['magdalen-rook and silas-crane: goals-involve, routine-overlap'],
      }),
    );
    expect(prompt).toContain('=== Magdalen (magdalen-rook)');
    expect(prompt).toContain('=== Silas (silas-crane)');
    expect(prompt).toContain('SILAS-MEMORY');
    expect(prompt).toContain('- magdalen-rook and silas-crane: goals-involve, routine-overlap');
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
  });

  it('refuse an inferred memory above salience 6, more than two inferred scenes, and a cohort of one', () => {
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
    expect(cohortSimulationSchema.safeParse({ members: [{ character: 'a', scenes: [scene] }] }).success).toBe(false);
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
