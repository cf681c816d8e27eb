import type { StreamEntry } from '../stream/index.ts';
import type { TurnContext } from './turn-context.ts';

/**
 * ARCHITECTURE §3 step 2: classification runs on the persona's intention before any Narrator call. The event system
 * plugs its stages in here (structural parse, factual classification, sensitivity map, Tier 1 triggers); each may
 * return an updated context (state changes, guidance for the Narrator). A turn with no classifiers passes through.
 */
export type InputClassifier = (context: TurnContext, intention: StreamEntry) => Promise<TurnContext>;

export async function classifyInput(
  classifiers: readonly InputClassifier[],
  context: TurnContext,
  intention: StreamEntry,
): Promise<TurnContext> {
  let current = context;
  for (const classify of classifiers) current = await classify(current, intention);
  return current;
}
