import type {
  ChronicleCharacterView,
  ChronicleView,
  KnowledgeEntryView,
  KnowledgeGraphView,
  PendingInteractionView,
} from '../../../engine/api/index.ts';

export function pendingInteraction(extra: Partial<PendingInteractionView> = {}): PendingInteractionView {
  return {
    id: 'p1',
    character: 'odile-fenn',
    name: 'Odile Fenn',
    urgency: 'medium',
    what: 'return the borrowed lantern',
    approach: 'at the quay steps',
    raisedAt: '1768-09-29 23:00',
    offered: 0,
    spent: false,
    ...extra,
  };
}

function character(id: string, name: string, extra: Partial<ChronicleCharacterView> = {}): ChronicleCharacterView {
  return {
    id,
    name,
    tier: 'significant',
    lastSimulated: null,
    situation: '',
    states: [],
    standings: [],
    created: null,
    ...extra,
  };
}

/** After the first scene of a harbour story: the Chronicler has written once, Odile lived an evening off-screen. */
export function chronicleView(extra: Partial<ChronicleView> = {}): ChronicleView {
  return {
    turn: 3,
    chronicle: {
      cycle: 1,
      at: '1768-09-29 22:00',
      story_state: {
        dramatic_questions: [
          { question: 'Who rowed the Merlin home?', tension_level: 'high', resolution_proximity: '' },
        ],
        promises: [],
        active_threads: [{ name: 'The missing officer', status: 'open', momentum: 'rising' }],
        stakes: [{ what: 'the Board’s trust', condition: 'the letter goes astray', deadline: null }],
        windows: [],
        world_momentum: [
          {
            name: 'The landing',
            status: 'boats gathering',
            trajectory: 'accelerating',
            last_event: '',
            mc_awareness: '',
          },
        ],
      },
      writer_guidance: {
        weave_in: ['the smell of tar'],
        manifesting_now: ['The tide board has been wiped clean.'],
        opportunities_present: [],
        tonal_direction: 'Hushed.',
        promises_ready: [],
        dont_forget: ['Kit still has the penny.'],
        world_momentum_notes: [],
      },
      took_in: [],
    },
    lastCycle: {
      cycle: 1,
      at: '1768-09-29 22:00',
      events: [{ when: '1768-09-29 21:40', where: 'custom-house', event: 'Odile locks the strongbox twice.' }],
    },
    pending: [
      pendingInteraction({ id: 'low', urgency: 'low', what: 'ask about Castlemere' }),
      pendingInteraction({ id: 'now', urgency: 'immediate', what: 'bang on the door', offered: 1, spent: true }),
    ],
    characters: [
      character('odile-fenn', 'Odile Fenn', {
        tier: 'arc_important',
        lastSimulated: '1768-09-29 22:00',
        situation: 'custom-house; counting; tense',
        states: [
          { name: 'grieving', level: 4, category: 'wound' },
          { name: 'watchful', level: 12, category: 'mood' },
        ],
        standings: [
          {
            to: 'jory',
            toName: 'Jory',
            values: { fear: -0.1, trust: 0.7 },
            text: 'fear −0.10, trust +0.70',
            why: 'he kept the ledger hidden',
            strong: true,
          },
        ],
      }),
      character('jory', 'Jory', { tier: 'background' }),
      character('ned-tolly', 'Ned Tolly', {
        tier: 'background',
        created: { turn: 2, why: 'someone must answer for the rope' },
      }),
    ],
    created: [
      { kind: 'character', id: 'ned-tolly', name: 'Ned Tolly', turn: 2, why: 'someone must answer for the rope' },
    ],
    ...extra,
  };
}

export function knowledgeEntry(seq: number, extra: Partial<KnowledgeEntryView> = {}): KnowledgeEntryView {
  return {
    seq,
    kind: 'memory',
    text: `memory ${seq}`,
    time: '1768-09-29 21:30',
    place: 'drowned-lantern',
    entities: [],
    salience: 5,
    tags: [],
    source: 'character-reflection',
    ref: 'turn 3',
    ...extra,
  };
}

export function knowledgeView(extra: Partial<KnowledgeGraphView> = {}): KnowledgeGraphView {
  return {
    turn: 3,
    graph: 'character',
    owner: 'odile-fenn',
    entries: [
      knowledgeEntry(1, { text: 'The Merlin came home with no remarks.', source: 'pack', ref: null, place: null }),
      knowledgeEntry(2, { text: 'A stranger asked after Pell.', salience: 7, tags: ['stranger', 'reflection'] }),
    ],
    sizes: { world: 4, persona: 1, characters: { 'odile-fenn': 2, jory: 0 } },
    ...extra,
  };
}
