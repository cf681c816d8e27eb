import type { ViewStage } from '../stream/index.ts';
import { callStageObject } from './call-stage.ts';
import { loreFactsSchema, stateChangesSchema, type LoreFacts, type StateChanges } from './outputs.ts';
import { characterVariables, promptContext } from './prompt-view.ts';
import type { TurnContext } from './turn-context.ts';

/**
 * The extractors. They run beside the Narrator's expansion on the pre-round view and return staged writes; the turn
 * applies them through the tool layer only after the paired expansion has finished.
 */
export async function extractStates(context: TurnContext, owner: string, roundStartSeq: number): Promise<StateChanges> {
  const stage: ViewStage = owner === context.personaId ? 'persona_extractor' : 'character_extractor';
  const request = { stage, principal: owner, cursor: { turn: context.buffer.turn, roundStartSeq } };
  const inputs = {
    pack: context.pack,
    state: context.state,
    personaId: context.personaId,
    stream: context.buffer.stream(),
    request,
  };
  const variables =
    stage === 'persona_extractor'
      ? promptContext(inputs)
      : promptContext(inputs, { char: characterVariables(context.pack, context.state, request, owner) });
  const result = await callStageObject(context, {
    stage,
    principal: owner,
    messages: context.prompts.render(stage, variables),
    schema: stateChangesSchema,
    schemaName: 'state_changes',
    maxTokens: 500,
    temperature: 0.2,
  });
  return result.value;
}

export async function extractLore(context: TurnContext, roundStartSeq: number): Promise<LoreFacts> {
  const request = {
    stage: 'lore_extractor' as const,
    principal: 'world',
    cursor: { turn: context.buffer.turn, roundStartSeq },
  };
  const variables = promptContext({
    pack: context.pack,
    state: context.state,
    personaId: context.personaId,
    stream: context.buffer.stream(),
    request,
  });
  const result = await callStageObject(context, {
    stage: 'lore_extractor',
    principal: 'world',
    messages: context.prompts.render('lore_extractor', variables),
    schema: loreFactsSchema,
    schemaName: 'lore_facts',
    maxTokens: 600,
    temperature: 0.2,
  });
  return result.value;
}
