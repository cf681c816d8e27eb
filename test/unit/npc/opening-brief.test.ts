import { describe, expect, it } from 'vitest';
import {
  chronicleStateSchema,
  sceneOpeningBrief,
  type OpeningDeliveries,
  type PendingInteraction,
  type Urgency,
} from '../../../engine/npc/index.ts';

const chronicle = chronicleStateSchema.parse({
  version: 1,
  cycle: 2,
  at: 0,
  story_state: {},
  writer_guidance: {
    manifesting_now: ['The dragoons ride into the square.'],
    weave_in: ['The lantern on the mole.'],
    tonal_direction: 'Dread, tightening.',
  },
});

const pending = (character: string, urgency: Urgency, raisedAt = 0): PendingInteraction => ({
  id: `${character}@1`,
  character,
  urgency,
  what: `${character} wants a word`,
  approach: '',
  driver: '',
  emotional_state: '',
  what_i_want: '',
  what_i_know: '',
  raisedAt,
  cycle: 1,
});

const names: Record<string, string> = { kira: 'Kira', tam: 'Tam', ora: 'Ora', lev: 'Lev' };
const brief = (items: readonly PendingInteraction[], deliveries: OpeningDeliveries = {}) =>
  sceneOpeningBrief({ chronicle, pending: items, deliveries, nameOf: (id) => names[id] ?? id });

describe('the Narrator’s brief at a scene opening', () => {
  it('marks manifesting_now mandatory and passes the rest of the writer_guidance as suggestion', () => {
    const { text } = brief([]);
    expect(text).toContain('MANDATORY, happening now');
    expect(text).toContain('- The dragoons ride into the square.');
    expect(text).toContain('Threads worth touching:\n- The lantern on the mole.');
    expect(text).toContain('Tonal direction: Dread, tightening.');
  });

  it('orders pending interactions by urgency and says how each is to be brought in', () => {
    const { text, offered } = brief([
      pending('lev', 'low'),
      pending('tam', 'medium'),
      pending('kira', 'high'),
      pending('ora', 'immediate'),
    ]);
    expect(offered.map((item) => item.urgency)).toEqual(['immediate', 'high', 'medium', 'low']);
    expect(text).toContain('IMMEDIATE: interrupt the scene now: Ora seeks the protagonist: ora wants a word');
    expect(text).toContain('HIGH: bring it in at this opening: Kira seeks the protagonist');
    expect(text).toContain('MEDIUM: within the next few scenes, when it fits (3 more opening(s) at most): Tam');
    expect(text).toContain('LOW: a background thread, only when natural (5 more opening(s) at most): Lev');
  });

  it('consumes an immediate or high interaction at the opening that offers it; a medium one is carried over three', () => {
    const items = [pending('kira', 'high'), pending('tam', 'medium')];
    const first = brief(items);
    const second = brief(items, first.deliveries);
    expect(second.offered.map((item) => item.character)).toEqual(['tam']);
    const third = brief(items, second.deliveries);
    const fourth = brief(items, third.deliveries);
    expect(third.offered.map((item) => item.character)).toEqual(['tam']);
    expect(fourth.offered).toEqual([]);
    expect(fourth.text).not.toContain('Tam');
  });

  it('says nothing before the Chronicler has run and nobody seeks the protagonist', () => {
    expect(sceneOpeningBrief({ chronicle: null, pending: [], deliveries: {}, nameOf: (id) => id }).text).toBe('');
  });
});
