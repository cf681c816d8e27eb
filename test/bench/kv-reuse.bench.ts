import { loadModelTokenizer, PrefixSlots, type LoggedCall } from '../../engine/llm/local/index.ts';
import { FEWEST_SEQUENCES, MOST_SEQUENCES } from '../../engine/llm/local/kv-sequences.ts';
import { playStoryFixture } from '../../engine/host/model-speed/story-turns.ts';
import { inCacheOrder } from '../../engine/turn/cache-order.ts';
import { benchModel } from '../support/bench-model.ts';
import { APP_VERSION } from '../support/packs.ts';
import { atLeast, round, type Benchmark, type BenchmarkResult } from './types.ts';

/** The calls the player waits for before the next input: the prose and the decisions it is made of. */
const PROSE_PATH = new Set(['narrator', 'character_dialog', 'npc_intent', 'persona_intent']);
/** Everything else a turn runs (extractors, deep interpretation): after the prose, before the next turn reads it. */
const AFTER_TURN = new Set(['persona_extractor', 'character_extractor', 'lore_extractor', 'deep_interpretation']);
const TURN_STAGES = new Set([...PROSE_PATH, ...AFTER_TURN]);

interface Priced {
  readonly stage: string;
  readonly prompt: number;
  readonly reused: number;
}

/**
 * `turn.kv_cached_fraction_lq`: Lantern Quay's scripted playthrough, every prompt rendered with the Llama-3 chat
 * template and tokenizer (the benchmark model's vocabulary), routed to KV sequences exactly as the local provider
 * routes them (PrefixSlots) with as many sequences as a roomy machine gets, and as few as a tight one. The figure is
 * the share of the turns' prompt tokens (weighted by tokens, from turn 2) that the cache serves; exact counts, no
 * timing, so it is stable on a busy machine.
 */
async function kvCachedFractionLq(): Promise<BenchmarkResult> {
  const story = await playStoryFixture('stories', 'lantern-quay', APP_VERSION);
  if (story === null) throw new Error('Lantern Quay has no scripted playthrough');
  const tokenizer = await loadModelTokenizer(await benchModel('1b', 'Q4_0'));
  try {
    const price = (sequences: number) => priceTurns(story.turns, sequences, (call) => tokenizer.prompt(call.prompt));
    const roomy = price(MOST_SEQUENCES);
    const tight = price(FEWEST_SEQUENCES);
    const fromTurn2 = roomy.slice(1).flat();
    const turnCalls = fromTurn2.filter((call) => TURN_STAGES.has(call.stage));
    return {
      median: fraction(turnCalls),
      unit: 'ratio',
      ...atLeast(0.85),
      sequences: MOST_SEQUENCES,
      prosePath: fraction(turnCalls.filter((call) => PROSE_PATH.has(call.stage))),
      afterTurn: fraction(turnCalls.filter((call) => AFTER_TURN.has(call.stage))),
      boundaries: fraction(fromTurn2.filter((call) => !TURN_STAGES.has(call.stage))),
      perStage: perStage(fromTurn2),
      sceneBoundaries: sceneBoundaries(roomy),
      withFewestSequences: {
        sequences: FEWEST_SEQUENCES,
        turns: fraction(
          tight
            .slice(1)
            .flat()
            .filter((call) => TURN_STAGES.has(call.stage)),
        ),
      },
    };
  } finally {
    await tokenizer.dispose();
  }
}

function priceTurns(
  turns: readonly (readonly LoggedCall[])[],
  sequences: number,
  tokenize: (call: LoggedCall) => readonly number[],
): Priced[][] {
  const kv = new PrefixSlots(sequences);
  return turns.map((calls) =>
    inAdmissionOrder(calls).map((call) => {
      const tokens = tokenize(call);
      const { index, reused } = kv.admit(tokens, call);
      kv.release(index);
      return { stage: call.stage, prompt: tokens.length, reused };
    }),
  );
}

/**
 * A turn's calls in the order the provider admits them. The after-turn calls run side by side, so they reach it in the
 * order the run starts them (inCacheOrder), not the order their scripted replies landed in the stage log.
 */
function inAdmissionOrder(calls: readonly LoggedCall[]): LoggedCall[] {
  const started = inCacheOrder(
    calls.filter((call) => AFTER_TURN.has(call.stage)),
    (call) => call,
  );
  let next = 0;
  return calls.map((call) => (AFTER_TURN.has(call.stage) ? (started[next++] ?? call) : call));
}

function fraction(calls: readonly Priced[]): number {
  const prompt = calls.reduce((sum, call) => sum + call.prompt, 0);
  return prompt === 0 ? 0 : round(calls.reduce((sum, call) => sum + call.reused, 0) / prompt);
}

/**
 * Each scene boundary's calls (logged with the turn that closed the scene), per stage, and the prompt tokens its two
 * runs evaluate: the first run's are what the next input waits for; the reflections' what the next character's call
 * waits for.
 */
function sceneBoundaries(turns: readonly (readonly Priced[])[]) {
  return turns.flatMap((calls, index) => {
    const boundary = calls.filter((call) => !TURN_STAGES.has(call.stage));
    if (boundary.length === 0) return [];
    const reflections = boundary.filter((call) => call.stage === 'character_reflection');
    return [
      {
        closingTurn: index + 1,
        firstRunEvaluated: evaluated(boundary.filter((call) => call.stage !== 'character_reflection')),
        reflectionsEvaluated: evaluated(reflections),
        perStage: perStage(boundary),
      },
    ];
  });
}

function evaluated(calls: readonly Priced[]): number {
  return calls.reduce((sum, call) => sum + call.prompt - call.reused, 0);
}

function perStage(calls: readonly Priced[]) {
  const stages = [...new Set(calls.map((call) => call.stage))];
  return Object.fromEntries(
    stages.map((stage) => {
      const of = calls.filter((call) => call.stage === stage);
      const prompt = of.reduce((sum, call) => sum + call.prompt, 0);
      return [
        stage,
        {
          calls: of.length,
          promptTokens: prompt,
          evaluatedTokens: evaluated(of),
          cachedFraction: fraction(of),
        },
      ];
    }),
  );
}

export const benchmarks: Benchmark[] = [{ key: 'turn.kv_cached_fraction_lq', run: kvCachedFractionLq }];
