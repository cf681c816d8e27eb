import { NARRATOR_OWNER, type StreamEntry, type ViewRequest } from '../stream/index.ts';
import type { Classification, ClassifyContext } from './classify/index.ts';
import { configOf, loreOfView, retrievedContext, type RetrievedContext } from '../storykeeper/index.ts';

/**
 * The turn's step after classification (ARCHITECTURE §3 step 3): the Storykeeper assembles the Narrator's retrieved
 * tier (Tier 3) from the classified turn, scored against the landscape classification left. The persona's Narrator
 * call reads it, and the NPC rounds keep it. Its lines come best first.
 */
export function narratorRetrieval(
  context: ClassifyContext,
  classification: Classification,
  intention: StreamEntry,
): RetrievedContext {
  const { pack, personaId, state, buffer } = context;
  const { runtime } = classification;
  return retrievedContext(
    {
      pack,
      graph: runtime.graph,
      truth: runtime.truth,
      minConfidence: pack.manifest.tuning.minConfidence,
      turn: buffer.turn,
      landscape: runtime.landscape,
      parse: classification.parse,
      present: classification.events.present,
      directives: classification.directives,
      opened: classification.unheard,
      lore: loreOfView(pack, state.lore, buffer.stream(), narratorView(intention), personaId),
    },
    configOf(pack),
  );
}

/** What the Narrator will see when it resolves this intention. */
function narratorView(intention: StreamEntry): ViewRequest {
  return {
    stage: 'narrator',
    principal: NARRATOR_OWNER,
    cursor: { turn: intention.turn, roundStartSeq: intention.seq },
    resolving: intention,
  };
}
