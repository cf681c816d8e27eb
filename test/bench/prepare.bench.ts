// Prepared intentions (issue 23, tuning.prepareIntents): the golden arrival replayed with the option on, on its scripted
// replies. Count-based: of the intentions decided while the Narrator wrote, the share the world still accepted when
// their round came (a refused one is decided again: its turn then holds two NPC Intent calls for that character).
// No timing here: the seconds it saves are measured by the lead on the 1B-shaped model.
import { lanternQuayVariant } from '../support/lantern-variant.ts';
import { readFixtureSave, replayFixture } from '../support/playthrough.ts';
import { round, type Benchmark, type BenchmarkResult } from './types.ts';

const heldShare: Benchmark = {
  key: 'prepare.intents_held_share',
  run: async (): Promise<BenchmarkResult> => {
    const variant = await lanternQuayVariant({
      'story.yaml': (text: string) => `${text}\ntuning:\n  prepareIntents: true\n`,
    });
    const run = await replayFixture('lantern-quay', 'arrival', variant.storiesDir);
    try {
      const store = await readFixtureSave(run);
      let prepared = 0;
      let held = 0;
      try {
        for (const turn of store.turns()) {
          const intents = store.stageCalls(turn.id).filter((call) => call.stage === 'npc_intent');
          const first = intents[0];
          if (first === undefined) continue;
          prepared++;
          if (intents.filter((call) => call.principal === first.principal).length === 1) held++;
        }
      } finally {
        store.close();
      }
      if (prepared === 0) throw new Error('no intention was prepared');
      return { median: round(held / prepared), unit: 'share held', prepared, held };
    } finally {
      await run.setup.cleanup();
      await variant.cleanup();
    }
  },
};

export const benchmarks: readonly Benchmark[] = [heldShare];
