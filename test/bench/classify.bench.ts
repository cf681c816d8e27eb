// Classification stages 1–3 with their Tier 1/2 cascades, then the Narrator's retrieved tier assembled from it, on the
// port pack: one player input, before any LLM stage.
import path from 'node:path';
import { buildSensitivityMap, TriggerIndex, TruthSet } from '../../engine/events/index.ts';
import { loadPack } from '../../engine/pack/index.ts';
import { systemClock } from '../../engine/platform/node.ts';
import { narrativeFromPack } from '../../engine/storykeeper/index.ts';
import { TurnBuffer } from '../../engine/stream/index.ts';
import { classifyTurn, initialEventState, lexiconOf, type EventRuntime } from '../../engine/turn/classify/index.ts';
import { initialPlayState } from '../../engine/turn/index.ts';
import { narratorRetrieval } from '../../engine/turn/narrator-retrieval.ts';
import { standingRetrieval } from '../../engine/turn/standing-retrieval.ts';
import { STORIES_DIR } from '../support/playthrough.ts';
import { atMost, median, round, type Benchmark } from './types.ts';

const SAMPLES = 400;
/** Inputs that exercise each path: speech with a sensitivity hit and an echo, an object action, a move, a refusal. */
const INPUTS = [
  'I press a penny into Kit’s palm and promise her she is safe with me, I swear it.',
  'I show the landlady my brass badge and ask whether the great brass lantern is ever lit.',
  'I step out onto the quay and look east along the mole towards the Gull Light.',
  'I climb onto the bar and fly up to the great brass lantern.',
];

const classifyBenchmark: Benchmark = {
  key: 'classify.stage1_3_ms',
  run: async () => {
    const { pack } = await loadPack(path.join(STORIES_DIR, 'lantern-quay'), { appVersion: '0.1.0' });
    if (pack === null) throw new Error('the port pack does not load');
    const personaId = pack.manifest.start.persona;
    const state = initialPlayState(pack, personaId);
    const lexicon = lexiconOf(pack, personaId);
    const graph = narrativeFromPack(pack.narrative);
    const samples: number[] = [];
    const perInput = INPUTS.map(() => [] as number[]);
    for (let sample = 0; sample < SAMPLES + 20; sample++) {
      const which = sample % INPUTS.length;
      // A fresh runtime each sample, as a new scene has: built outside the timed part.
      const triggers = new TriggerIndex(pack.triggers);
      const runtime: EventRuntime = {
        truth: new TruthSet(),
        triggers,
        lexicon,
        sensitivity: buildSensitivityMap(triggers.active(), []),
        graph,
        landscape: null,
        unnarrated: new Set(),
      };
      const buffer = new TurnBuffer(1, []);
      const events = initialEventState(pack, state, personaId);
      const context = { pack, personaId, state, buffer, clock: systemClock };
      const started = performance.now();
      // The turn's own order: Tier 3 as it stood, then the input.
      standingRetrieval(context, { runtime, state: events }, true);
      const intention = buffer.append({ owner: personaId, type: 'intention', content: INPUTS[which] ?? '' });
      const classification = classifyTurn(context, { runtime, events, intention, whisperTo: null, opened: true });
      narratorRetrieval(context, classification, intention);
      const elapsed = performance.now() - started;
      if (sample < 20) continue; // warm-up
      samples.push(elapsed);
      perInput[which]?.push(elapsed);
    }
    const sorted = [...samples].sort((a, b) => a - b);
    return {
      median: round(median(samples), 4),
      unit: 'ms',
      ...atMost(5),
      p90: round(sorted[Math.floor(sorted.length * 0.9)] ?? 0, 4),
      perInput: Object.fromEntries(
        INPUTS.map((input, i) => [input.slice(0, 40), round(median(perInput[i] ?? [0]), 4)]),
      ),
      samples: SAMPLES,
    };
  },
};

export const benchmarks: Benchmark[] = [classifyBenchmark];
