import { callStageObject } from './call-stage.ts';
import { loreFactsSchema, stateChangesSchema, type LoreFacts, type StateChanges } from './outputs.ts';
import { renderStage } from './render-stage.ts';
import type { TurnContext } from './turn-context.ts';

/**
 * The extractors. They run beside the Narrator's expansion on the pre-round view and return staged writes; the turn
 * applies them through the tool layer only after the paired expansion has finished.
 */
export async function extractStates(context: TurnContext, owner: string, roundStartSeq: number): Promise<StateChanges> {
  const isPersona = owner === context.personaId;
  const stage = isPersona ? 'persona_extractor' : 'character_extractor';
  const view = { stage, principal: owner, roundStartSeq, ...(isPersona ? {} : { character: owner }) } as const;
  const result = await callStageObject(context, {
    stage,
    principal: owner,
    messages: renderStage(context, view),
    schema: stateChangesSchema,
    schemaName: 'state_changes',
    maxTokens: 500,
    temperature: 0.2,
  });
  return result.value;
}

export async function extractLore(context: TurnContext, roundStartSeq: number): Promise<LoreFacts> {
  const result = await callStageObject(context, {
    stage: 'lore_extractor',
    principal: 'world',
    messages: renderStage(context, { stage: 'lore_extractor', principal: 'world', roundStartSeq }),
    schema: loreFactsSchema,
    schemaName: 'lore_facts',
    maxTokens: 600,
    temperature: 0.2,
  });
  return result.value;
}
