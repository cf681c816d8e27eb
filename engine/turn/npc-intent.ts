import type { StreamEntry } from '../stream/index.ts';
import { appendWhole } from './append.ts';
import { callStageObject } from './call-stage.ts';
import { intentSchema } from './outputs.ts';
import { renderStage } from './render-stage.ts';
import { withMemories, type TurnContext } from './turn-context.ts';

/** NPC Intent: the character's optional thought and its intention, appended under its own name. */
export function npcIntent(context: TurnContext, characterId: string): Promise<StreamEntry> {
  return decideIntent(context, 'npc_intent', characterId);
}

/** Persona Intent, for auto-play only: the persona decides its own next move. */
export function personaIntent(context: TurnContext): Promise<StreamEntry> {
  return decideIntent(context, 'persona_intent', context.personaId);
}

async function decideIntent(
  turn: TurnContext,
  stage: 'npc_intent' | 'persona_intent',
  principal: string,
): Promise<StreamEntry> {
  const context = await withMemories(turn);
  const roundStartSeq = context.buffer.nextSeq();
  const character = stage === 'npc_intent' ? { character: principal } : {};
  const { value } = await callStageObject(context, {
    stage,
    principal,
    messages: renderStage(context, { stage, principal, roundStartSeq, ...character }),
    schema: intentSchema,
    schemaName: 'intent',
    maxTokens: 400,
  });
  const thought = value.thought.trim();
  if (thought.length > 0) appendWhole(context, { owner: principal, type: 'thought', content: thought });
  return appendWhole(context, { owner: principal, type: 'intention', content: value.intention.trim() });
}
