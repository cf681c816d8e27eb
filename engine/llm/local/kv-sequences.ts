import { freemem } from 'node:os';
import type { LlamaModel } from 'node-llama-cpp';

/**
 * Enough for a turn's prefix families to stay cached side by side (the Narrator, the persona, each acting character,
 * the lore extractor, deep interpretation: replaying Lantern Quay's playthrough, the turns' reuse stops growing at
 * 10), the Chronicler's warm-up, and spare ones for the off-screen stages' warm-ups, which take only a sequence no
 * one else holds (Lantern Quay's first close asks two characters two questions each).
 */
export const MOST_SEQUENCES = 16;
/** The prose stages and one other: fewer and every call evicts the narrator's prefix. */
export const FEWEST_SEQUENCES = 2;
/** Left to the window, the OS and the rest of the app. */
const HEADROOM_BYTES = 1.5e9;

export interface KvPlan {
  readonly sequences: number;
  /** What the context's KV cache will take, by llama.cpp's own estimate. */
  readonly kvBytes: number;
}

/**
 * How many stage sequences of `contextSize` tokens the machine's free memory holds beside the model: each sequence
 * keeps a whole KV cache (≈ 0.27 GB for a 1B model at 8,192 tokens, ≈ 0.94 GB for a 3B), all allocated up front.
 * More sequences reuse more cached prefixes; fewer leave the machine room to breathe.
 */
export async function planKvSequences(
  model: LlamaModel,
  contextSize: number,
  freeBytes: number = freemem(),
): Promise<KvPlan> {
  const estimate = async (sequences: number) =>
    (
      await model.fileInsights.estimateContextResourceRequirementsV2({
        contextSize,
        sequences,
        modelGpuLayers: model.gpuLayers,
        swaFullCache: true,
      })
    ).cpuRam;
  const [one, two] = await Promise.all([estimate(1), estimate(2)]);
  const perSequence = Math.max(1, two - one);
  const fixed = one - perSequence;
  // The weights are mapped from the file and become resident as they are used: count them as taken.
  const budget = freeBytes - model.size - HEADROOM_BYTES - fixed;
  const fits = Math.floor(budget / perSequence);
  const sequences = Math.min(MOST_SEQUENCES, Math.max(FEWEST_SEQUENCES, fits));
  return { sequences, kvBytes: fixed + perSequence * sequences };
}
