import type { TruthView, TurnRecord } from '../../../engine/api/index.ts';

/** Turn 2 of a lighthouse story: one distrust refined down, a coldness below min_confidence, a trigger spent. */
export function truthView(extra: Partial<TruthView> = {}): TruthView {
  return {
    saveId: 'lamp.storyloom',
    turn: 2,
    latestTurn: 2,
    minConfidence: 0.5,
    factual: [
      { key: 'InScene(lamp-room)', sinceTurn: 1 },
      { key: 'CharacterPresent(odile-fenn)', sinceTurn: 2 },
    ],
    interpretive: [
      {
        key: 'TrustEroding(player,odile-fenn)',
        confidence: 0.6,
        standing: 'refined',
        judgmentId: 't2-r1',
        sinceTurn: 2,
      },
      {
        key: 'AffectionWaning(player,odile-fenn)',
        confidence: 0.3,
        standing: 'provisional',
        judgmentId: 't1-2',
        sinceTurn: 1,
      },
    ],
    accumulators: [{ key: 'trust_delta(player,odile-fenn)', value: -0.3 }],
    diff: {
      added: ['CharacterPresent(odile-fenn)'],
      removed: ['CharacterPresent(kit-wickett)'],
      changed: [
        { key: 'TrustEroding(player,odile-fenn)', from: 0.85, to: 0.6 },
        { key: '#trust_delta(player,odile-fenn)', from: -0.2, to: -0.3 },
      ],
    },
    triggers: [
      {
        id: 'odile_doubted',
        subscriber: 'odile-fenn',
        tier: 'scene_local',
        holds: true,
        firing: { depth: 0, provisional: true },
        lastFiredTurn: 2,
        active: false,
        trace: {
          label: 'TrustEroding(player,odile-fenn)',
          fired: true,
          score: 0.7,
          reason: 'provisional confidence 0.7',
          provisional: true,
          children: [],
        },
      },
      {
        id: 'odile_confides',
        subscriber: 'odile-fenn',
        tier: 'deferred',
        holds: false,
        firing: null,
        lastFiredTurn: null,
        active: true,
        trace: {
          label: 'All',
          fired: false,
          score: 0,
          reason: '1 do not hold',
          provisional: false,
          children: [
            {
              label: 'TrustGrowing(player,odile-fenn)',
              fired: false,
              score: 0,
              reason: 'not in the truth set',
              provisional: false,
              children: [],
            },
          ],
        },
      },
    ],
    classification: {
      parse: 'speak to odile-fenn',
      violation: null,
      judgments: [
        {
          id: 't2-1',
          proposition: 'TrustEroding(player,odile-fenn)',
          confidence: 0.7,
          standing: 'provisional',
          description: 'the player’s words deny "trust"',
        },
      ],
      held: [],
      directives: ['mandate: Odile grows guarded'],
      deferred: 1,
      refreshed: ['scene entry'],
      sensitivityEntries: 2,
      interpretation: 'landed',
      reconciliations: [
        {
          fromTurn: 2,
          failure: null,
          notes: [
            { proposition: 'TrustEroding(player,odile-fenn)', provisional: 0.7, refined: 0.6, verdict: 'confirmed' },
          ],
          mayBeRevised: [],
        },
      ],
      worldChanges: ['move: agent player location "stairwell" → "lamp-room"'],
    },
    ...extra,
  };
}

export function turnRecord(id: number, extra: Partial<TurnRecord> = {}): TurnRecord {
  return {
    id,
    number: id,
    status: 'committed',
    input: `turn ${id}`,
    startedAt: 0,
    durationMs: 1,
    failureStage: null,
    failureReason: null,
    ...extra,
  };
}
