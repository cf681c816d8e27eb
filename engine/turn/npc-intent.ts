import type { StreamEntry } from '../stream/index.ts';
import { callStageObject } from './call-stage.ts';
import { appendWhole } from './append.ts';
import { intentSchema } from './outputs.ts';
import { characterVariables, promptContext } from './prompt-view.ts';
import type { TurnContext } from './turn-context.ts';

/** NPC Intent: the character's optional thought and its intention, appended under its own name. */
export async function npcIntent(context: TurnContext, characterId: string): Promise<StreamEntry> {
  const roundStartSeq = context.buffer.nextSeq();
  const request = {
    stage: 'npc_intent' as const,
    principal: characterId,
    cursor: { turn: context.buffer.turn, roundStartSeq },
  };
  const inputs = {
    pack: context.pack,
    state: context.state,
    personaId: context.personaId,
    stream: context.buffer.stream(),
    request,
  };
  const variables = promptContext(inputs, {
    char: characterVariables(context.pack, context.state, request, characterId),
  });
  const { value } = await callStageObject(context, {
    stage: 'npc_intent',
    principal: characterId,
    messages: context.prompts.render('npc_intent', variables),
    schema: intentSchema,
    schemaName: 'intent',
    maxTokens: 400,
  });
  if (value.thought.trim().length > 0)
    appendWhole(context, { owner: characterId, type: 'thought', content: value.thought.trim() });
  return appendWhole(context, { owner: characterId, type: 'intention', content: value.intention.trim() });
}
