import type { LlmRouter } from '../llm/index.ts';
import { interpretStep, type InterpretStep } from './classify/index.ts';
import { beginTurn, type TurnSetup } from './run-turn.ts';
import { standingClassification } from './standing-retrieval.ts';

/**
 * Stage 4 as the next turn will render it, before the player has typed (see standingClassification): the
 * propositions the scene listens for, who is present and the story's recent lines, then an empty action. Null when
 * the scene listens for nothing (no Stage 4 runs). Nothing is emitted and nothing of the setup is changed.
 */
export function nextInterpretStep(setup: TurnSetup): InterpretStep | null {
  const { context, opened } = beginTurn({ ...setup, emit: () => undefined }, []);
  const { classification, awaited } = standingClassification(context, setup.events, opened);
  return interpretStep(context, {
    parse: classification.parse,
    map: classification.map,
    provisional: [],
    intention: awaited,
  });
}

/**
 * While the player reads, after the Narrator's: Stage 4's prompt up to the action (see nextInterpretStep). Its call
 * runs after the next turn's prose, beside the extractors, and a scene's close waits for it; at a scene's opening all
 * of its propositions are new to the model.
 */
export async function warmInterpretation(router: LlmRouter, setup: TurnSetup, signal: AbortSignal): Promise<void> {
  const step = nextInterpretStep(setup);
  if (step === null || signal.aborted) return;
  const provider = await router.forStage(step.stage);
  await provider.warm?.({ stage: step.stage, principal: step.principal, messages: step.messages, signal });
}
