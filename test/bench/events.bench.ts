// Event-system benchmarks: trigger matching for one new event, and the scene-entry truth-set rebuild.
import {
  applyEntry,
  DEFAULT_MIN_CONFIDENCE,
  rebuild,
  subscriptionSchema,
  TriggerIndex,
  type TruthSet,
  type LedgerEntry,
  type Subscription,
} from '../../engine/events/index.ts';
import { syntheticLedger } from '../unit/events/synthetic-ledger.ts';
import { atMost, median, round, type Benchmark } from './types.ts';

/** The default min_confidence: judgments below it move no accumulator. */
const MIN = DEFAULT_MIN_CONFIDENCE;

const SUBSCRIPTIONS = 5_000;
const CHARACTERS = 200;
const EVAL_SAMPLES = 200;
const REBUILD_EVENTS = 50_000;
const REBUILD_SAMPLES = 7;

/** 5,000 subscriptions of realistic shape spread over 200 characters: presence, trust, thresholds, temporal. */
function subscriptions(): Subscription[] {
  return Array.from({ length: SUBSCRIPTIONS }, (_, i) => {
    const who = `npc${i % CHARACTERS}`;
    const shapes = [
      {
        kind: 'All',
        of: [
          { kind: 'Atom', proposition: `CharacterPresent(${who})` },
          { kind: 'Atom', proposition: `TrustEroding(player,${who})` },
        ],
      },
      {
        kind: 'Threshold',
        minMatch: 2,
        of: [
          { kind: 'Atom', proposition: `CharacterPresent(${who})` },
          { kind: 'Atom', proposition: `VulnerabilityExpressed(${who})` },
          { kind: 'Atom', accumulator: `trust_delta(player,${who})`, op: 'atMost', value: -0.3 },
        ],
      },
      { kind: 'Within', proposition: `SpeechAct(player,${who})`, turns: 3 },
      {
        kind: 'Difference',
        include: { kind: 'Atom', proposition: `Holding(player,obj${i % 50})` },
        exclude: { kind: 'Atom', proposition: `CharacterPresent(${who})` },
      },
    ];
    return subscriptionSchema.parse({
      id: `sub${i}`,
      subscriber: who,
      predicate: shapes[Math.floor(i / CHARACTERS) % shapes.length],
      effects: [],
    });
  });
}

const evalBenchmark: Benchmark = {
  key: 'triggers.eval_5000_subs_ms',
  run: async () => {
    const triggers = new TriggerIndex(subscriptions());
    const truth = rebuild(null, syntheticLedger(5_000), MIN);
    const samples: number[] = [];
    let evaluated = 0;
    let seq = 1_000_000;
    for (let sample = 0; sample < EVAL_SAMPLES; sample++) {
      // One new event that changes the truth set: whoever is present leaves, whoever is absent arrives.
      const character = `npc${(sample * 7) % CHARACTERS}`;
      const type = truth.factual.has(`CharacterPresent(${character})`) ? 'CharacterDeparture' : 'CharacterArrival';
      const entry: LedgerEntry = {
        seq: seq++,
        turn: 1_000,
        record: { kind: 'event', event: { type, character, scene_id: 's' } },
      };
      const started = performance.now();
      const changes = applyEntry(truth, entry, MIN);
      const result = triggers.evaluateChanges(changes, { truth, turn: 1_000, minConfidence: 0.5 });
      samples.push(performance.now() - started);
      evaluated += result.evaluated.length;
    }
    const sorted = [...samples].sort((a, b) => a - b);
    return {
      median: round(median(samples), 4),
      unit: 'ms',
      ...atMost(1),
      p90: round(sorted[Math.floor(sorted.length * 0.9)] ?? 0, 4),
      subscriptions: SUBSCRIPTIONS,
      evaluatedPerEvent: round(evaluated / EVAL_SAMPLES, 1),
      samples: EVAL_SAMPLES,
    };
  },
};

const rebuildBenchmark: Benchmark = {
  key: 'truth.rebuild_50k_ms',
  run: async () => {
    const ledger = syntheticLedger(REBUILD_EVENTS);
    rebuild(null, ledger, MIN); // warm-up
    const samples: number[] = [];
    let size = 0;
    for (let sample = 0; sample < REBUILD_SAMPLES; sample++) {
      const started = performance.now();
      const truth: TruthSet = rebuild(null, ledger, MIN);
      samples.push(performance.now() - started);
      size = truth.factual.size + truth.interpretive.size;
    }
    return {
      median: round(median(samples), 2),
      unit: 'ms',
      events: REBUILD_EVENTS,
      samples: REBUILD_SAMPLES,
      propositions: size,
    };
  },
};

export const benchmarks: Benchmark[] = [evalBenchmark, rebuildBenchmark];
