import { TruthSet, type PropositionOp } from '../../../engine/events/index.ts';
import type { GateSpec, LandscapePack, NarrativeSpec, SceneSpec } from '../../../engine/storykeeper/index.ts';

/**
 * A small story in a pack's shape: a tavern and a harbour five minutes apart, a lighthouse thirty minutes beyond the
 * harbour, and an island no way reaches. The storm at the lighthouse is the attractor; the keeper's tale is a
 * sub-graph whose first scene casts an omen onto the storm.
 */
export function packScene(id: string, overrides: Partial<SceneSpec> = {}): SceneSpec {
  return {
    id,
    title: id,
    type: 'connective',
    baseMass: 0.3,
    flags: [],
    setting: 'tavern',
    requiredCast: [],
    contingentCast: [],
    thematicRegister: [],
    tonalSignature: '',
    stakes: '',
    approachVectors: [],
    exitConditions: [],
    gates: [],
    revisitable: false,
    ...overrides,
  };
}

/** Mara tells the player the truth of the wreck once she is there and trusted. */
export const WRECK_GATE = {
  id: 'wreck_truth',
  facts: ['The keeper let the light go dark.'],
  predicate: {
    kind: 'All',
    of: [
      { kind: 'Atom', proposition: 'CharacterPresent(mara)' },
      { kind: 'Atom', proposition: 'TrustGrowing(player,mara)' },
    ],
  },
  recipients: 'specific',
  recipientIds: ['player'],
  framing: 'A confession.',
} satisfies GateSpec;

export const HARBOUR_NARRATIVE = {
  scenes: [
    packScene('tavern-talk', {
      exitConditions: [{ id: 'to-sea', when: { kind: 'Atom', proposition: 'At(player,harbour)' }, leadsTo: ['storm'] }],
    }),
    packScene('the-light', { type: 'threshold', baseMass: 0.5, setting: 'lighthouse' }),
    packScene('storm', {
      type: 'gravitational',
      baseMass: 1,
      flags: ['convergencePoint'],
      setting: 'lighthouse',
      requiredCast: [{ character: 'mara', relation: 'TrustGrowing(player,mara)' }],
      approachVectors: [
        {
          id: 'trust',
          conditions: [
            { proposition: 'TrustGrowing(player,mara)', weight: 1 },
            { proposition: 'Knows(player,wreck_truth)', weight: 1 },
          ],
        },
      ],
      gates: ['wreck_truth'],
    }),
    packScene('island-scene', { setting: 'island' }),
  ],
  gates: [WRECK_GATE],
  subGraphs: [
    {
      id: 'keeper-tale',
      scenes: ['the-light'],
      baseMass: 0.4,
      completionBonus: 0.2,
      thematicResonance: ['bells'],
      permeability: { min: 0.1, max: 1, steepness: 4, midpoint: 1 },
      drivers: [{ proposition: 'ThematicResonance(bells)', weight: 2 }],
    },
  ],
  prophecies: [
    {
      id: 'bell-omen',
      source: 'the-light',
      targetScene: 'storm',
      type: 'omen',
      magnitude: 0.5,
      decay: 0.1,
      fulfilment: { kind: 'Atom', proposition: 'GateFired(wreck_truth)' },
    },
  ],
  bridgeObjects: [{ id: 'the-bell', object: 'bell', subGraphs: ['keeper-tale'], themes: ['bells'] }],
} satisfies NarrativeSpec;

const place = (id: string, ...connections: [string, number][]) => ({
  id,
  name: id,
  description: id,
  connections: connections.map(([to, travelMinutes]) => ({ to, travelMinutes })),
});

const object = (id: string, where: { location: string } | { holder: string }) => ({
  id,
  name: id,
  description: '',
  kind: 'portable' as const,
  hidden: false,
  state: {},
  container: false,
  ...where,
});

export const HARBOUR_PACK: LandscapePack = {
  narrative: HARBOUR_NARRATIVE,
  locations: [
    place('tavern', ['harbour', 5]),
    place('harbour', ['tavern', 5], ['lighthouse', 30]),
    place('lighthouse', ['harbour', 30]),
    place('island'),
  ],
  world: {
    locations: [],
    objects: [object('bell', { location: 'lighthouse' }), object('badge', { holder: 'captain' })],
    environment: null,
  },
  manifest: { tuning: { minConfidence: 0.5 } },
};

/** One turn of play as the truth set records it. */
export type TruthStep = {
  readonly turn: number;
  /** Persistent factual propositions asserted this turn. */
  readonly facts?: readonly string[];
  /** Interpretive propositions and their confidence (a refined judgment). */
  readonly weighed?: Readonly<Record<string, number>>;
  /** The scene entered this turn: `InScene(<scene>)`, one scene at a time. */
  readonly scene?: string;
};

export function truthOf(...steps: readonly TruthStep[]): TruthSet {
  const truth = new TruthSet();
  let seq = 0;
  for (const step of steps) {
    const apply = (ops: PropositionOp[], judged: boolean) => {
      seq += 1;
      const judgment = judged ? { id: `j${seq}`, standing: 'refined' as const } : null;
      truth.apply(
        ops,
        { stamp: { turn: step.turn, seq }, judgment },
        { propositions: new Set(), accumulators: new Set() },
      );
    };
    if (step.scene !== undefined) apply([{ op: 'assert', key: `InScene(${step.scene})`, slot: 'scene' }], false);
    apply(
      (step.facts ?? []).map((key) => ({ op: 'assert', key, slot: null })),
      false,
    );
    for (const [key, confidence] of Object.entries(step.weighed ?? {})) apply([{ op: 'weigh', key, confidence }], true);
  }
  return truth;
}
