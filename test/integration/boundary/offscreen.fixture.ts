import { initialNpcState, toJson, type Json } from '../../../engine/boundary/index.ts';
import type { ScriptEntryInput } from '../../../engine/llm/index.ts';
import type { SimulationState } from '../../../engine/npc/index.ts';
import { inWorldMinutes } from '../../../engine/npc/index.ts';
import type { StoryPack } from '../../../engine/pack/index.ts';
import { PERSONA, seededKnowledge, TEXT } from './knowledge-steps.fixture.ts';

export const HALE = 'ambrose-hale';
export const ANSELM = 'anselm-mercer';
export const CLOSED = '1768-09-29T22:10';
const minute = (text: string): number => inWorldMinutes(text) ?? Number.NaN;

/** Marked texts, so it is easy to see which graph and which prompt each one reached. */
export const SIM = {
  haleMemory: 'HALE-SIM: I sent a rider after the coach guard, and he came back with nothing.',
  haleScene: 'HALE-SCENE: The decanter was empty by eleven; I wrote to the Board by candlelight.',
  haleWorld: 'Lamps burned late at the Custom House; a rider left at a gallop on the Castlemere road.',
  magdalenMemory: 'MAGDALEN-SIM: Crane would not meet my eye over the ledger.',
  silasMemory: 'SILAS-SIM: She asked for the log and I gave her the false one.',
  magdalenThinks: 'MAGDALEN-THINKS: the ledger he hands me is a fair copy, not the log.',
  magdalenIntends: 'MAGDALEN-MEANS: have Kit fetch the real log from his desk tomorrow.',
  silasThinks: 'SILAS-THINKS: she must never learn I kept a second log.',
  magdalenSays: 'The log, Mr. Crane, if you please.',
  silasDoes: 'bolts the harbour-office door behind her',
  anselmMemory: 'ANSELM-INFER: I counted the ankers in the crypt twice and prayed once.',
  previousCycle: 'PREVIOUS-CYCLE: a skiff was seen rowing out past the mole without lights.',
  twoCyclesAgo: 'TWO-AGO: the Vigilant was sighted off the Teeth.',
  oldEvent: 'Asked the Father for the crypt keys, and was refused.',
} as const;

/** After scene 3 at the Drowned Lantern (Sam and Kit), Sam walks up to the chapel, where Father Anselm keeps vigil. */
export function offscreenSnapshot(pack: StoryPack): Json {
  const positions = Object.fromEntries(
    pack.characters.flatMap((character) =>
      character.location === undefined ? [] : [[character.id, character.location]],
    ),
  );
  const simulation: SimulationState = {
    version: 1,
    cycle: 2,
    lastSimulated: {},
    cycles: [
      {
        cycle: 1,
        at: minute('1768-09-29T12:00'),
        events: [{ when: 0, where: null, event: SIM.twoCyclesAgo, entities: [] }],
      },
      {
        cycle: 2,
        at: minute('1768-09-29T16:00'),
        events: [{ when: 0, where: 'quay', event: SIM.previousCycle, entities: [] }],
      },
    ],
    characterEvents: [
      {
        about: ANSELM,
        by: HALE,
        time: minute('1768-09-29T17:00'),
        event: SIM.oldEvent,
        my_read: 'HALE-READ: he is hiding something',
      },
    ],
    pending: [],
    situations: {},
    awaySince: {},
  };
  return toJson({
    version: 1,
    turn: 9,
    scene: 3,
    reason: 'location_change',
    time: CLOSED,
    location: 'drowned-lantern',
    personaId: PERSONA,
    present: [PERSONA, 'kit-wickett'],
    states: {},
    transcript: [
      { turn: 9, seq: 1, owner: 'narrator', type: 'narration', content: TEXT.shared, mood: null, meta: null },
      { turn: 9, seq: 2, owner: 'kit-wickett', type: 'thought', content: TEXT.kitThought, mood: null, meta: null },
    ],
    deferred: [],
    ledger: [],
    npc: {
      version: 1,
      knowledge: seededKnowledge(),
      // The pack's tiers, as a new save's npc_state starts (a null roster means the pack's could not be built).
      roster: initialNpcState(pack).roster,
      relationships: null,
      simulation,
      chronicle: null,
    },
    playState: { location: 'chapel', time: '1768-09-29T22:25', positions: { ...positions, [PERSONA]: 'chapel' } },
  });
}

const lived = (memory: string, extra: Record<string, unknown> = {}) => ({
  scenes: [{ when: 'late', where: 'custom-house', narrative: `${memory} (scene)` }],
  memories: [{ text: memory, salience: 7, entities: ['magdalen-rook'], tags: ['night'] }],
  emotional_state: 'uneasy',
  ...extra,
});

export const COHORT = 'cohort:magdalen-rook+silas-crane';

/**
 * The period on Lantern Quay: the three schemers are asked (their pairs with Hale are borderline), Hale keeps to
 * himself and Crane avoids him, so Magdalen and Crane (a clear link) live it together and Hale alone; Anselm, about
 * to be visited, gets an inference. The cohort's encounter takes two rounds: Magdalen asks for the log, Crane hands
 * over a ledger, the moderator moves the night on, Magdalen leaves (so the encounter stops), and each writes its
 * own account.
 */
export const OFFSCREEN_SCRIPT: readonly ScriptEntryInput[] = [
  { stage: 'intent_check', principal: HALE, reply: { self_focused: 'Watch the quay and the coach road.' } },
  { stage: 'intent_check', principal: 'magdalen-rook', reply: { self_focused: 'The landing.' } },
  {
    stage: 'intent_check',
    principal: 'silas-crane',
    reply: { avoiding: [{ character: 'Collector Hale', reason: 'He frightens me.' }], self_focused: 'The log.' },
  },
  {
    stage: 'standalone_simulation',
    principal: HALE,
    expect: ['Get his hands on any letter from the Board', TEXT.world],
    reply: {
      ...lived(SIM.haleMemory),
      scenes: [{ when: '23:00', where: 'custom-house', narrative: SIM.haleScene }],
      character_events: [
        { character: 'Father Anselm', event: 'Sent to ask after the crypt keys again.', my_read: 'He will break.' },
      ],
      pending_mc_interaction: {
        urgency: 'high',
        what: 'Invites the stranger to take a glass at the Custom House and hand over the letter',
        approach: 'a note by a tide-waiter',
      },
      world_events_emitted: [{ where: 'custom-house', event: SIM.haleWorld, entities: [HALE, 'nobody-at-all'] }],
      relationship_updates: [
        { character: 'Father Anselm', change: 'HALE-TIE: he is stalling, and I have stopped asking politely.' },
        { character: 'Nobody Atall', change: 'dropped: nobody the story knows' },
      ],
      ends_at: 'quay',
    },
  },
  {
    stage: 'cohort_member',
    principal: 'magdalen-rook',
    expect: [TEXT.magdalen, 'Their paths are about to cross', 'Round 1 of at most 3'],
    reply: {
      does: 'Calls at the harbour office after dark',
      says: SIM.magdalenSays,
      thinks: 'MAGDALEN-THINKS-1: he looks frightened.',
    },
  },
  {
    stage: 'cohort_member',
    principal: 'silas-crane',
    expect: [TEXT.silas],
    reply: { does: 'Hands her a ledger', says: 'As you please, madam.', thinks: SIM.silasThinks },
  },
  {
    stage: 'cohort_moderator',
    principal: COHORT,
    expect: [SIM.magdalenSays, 'As you please, madam.', 'round 1 of at most 3'],
    reply: { next: 'Near midnight the office lamp gutters while Magdalen turns the ledger’s pages.', done: false },
  },
  {
    stage: 'cohort_member',
    principal: 'magdalen-rook',
    expect: ['MAGDALEN-THINKS-1', 'Near midnight the office lamp gutters'],
    reply: {
      does: 'Closes the ledger and leaves',
      thinks: SIM.magdalenThinks,
      intends: SIM.magdalenIntends,
      leaves: true,
    },
  },
  {
    stage: 'cohort_member',
    principal: 'silas-crane',
    expect: [SIM.silasThinks],
    reply: { does: SIM.silasDoes },
  },
  {
    stage: 'cohort_member',
    principal: 'magdalen-rook',
    expect: [SIM.magdalenIntends, SIM.silasDoes],
    reply: lived(SIM.magdalenMemory),
  },
  {
    stage: 'cohort_member',
    principal: 'silas-crane',
    expect: [SIM.silasThinks, 'Closes the ledger and leaves'],
    reply: { ...lived(SIM.silasMemory), ends_at: 'drowned-lantern' },
  },
  {
    stage: 'offscreen_inference',
    principal: ANSELM,
    expect: [SIM.oldEvent],
    reply: {
      scenes: [{ when: 'evening', where: 'chapel', narrative: 'ANSELM-SCENE: Compline, and the rain on the roof.' }],
      memories: [{ text: SIM.anselmMemory, salience: 6, entities: ['crypt'], tags: [] }],
      current_situation: { location: 'chapel', activity: 'keeping vigil', readiness: 'tired but willing to talk' },
      emotional_state: 'troubled',
    },
  },
];

export const CHRONICLER_REPLY = {
  story_state: {
    dramatic_questions: [{ question: 'Will the stranger learn what became of Pell?', tension_level: 'high' }],
    world_momentum: [{ name: 'The Michaelmas gale', status: 'Rising towards a full gale', trajectory: 'accelerating' }],
  },
  writer_guidance: {
    manifesting_now: ['The wind tears a shutter loose somewhere below the chapel.'],
    weave_in: ['The lights on the mole.'],
    tonal_direction: 'Tightening.',
  },
  world_events: [
    { where: 'quay', event: 'CHRONICLE: the gale rises; the quay lanterns gutter out one by one.', entities: ['quay'] },
  ],
};
