import type { StreamEntry } from '../stream/index.ts';
import { appendWhole } from './append.ts';
import { callStageObject } from './call-stage.ts';
import { intentSchema } from './outputs.ts';
import { renderStage } from './render-stage.ts';
import type { TurnContext } from './turn-context.ts';

/** NPC Intent: the character's optional thought and its intention, appended under its own name. */
export async function npcIntent(context: TurnContext, characterId: string): Promise<StreamEntry> {
  const roundStartSeq = context.buffer.nextSeq();
  const { value } = await callStageObject(context, {
    stage: 'npc_intent',
    principal: characterId,
    messages: renderStage(context, {
      stage: 'npc_intent',
      principal: characterId,
      roundStartSeq,
      character: characterId,
    }),
    schema: intentSchema,
    schemaName: 'intent',
    maxTokens: 400,
  });
  const thought = value.thought.trim();
  if (thought.length > 0) appendWhole(context, { owner: characterId, type: 'thought', content: thought });
  return appendWhole(context, { owner: characterId, type: 'intention', content: value.intention.trim() });
}
