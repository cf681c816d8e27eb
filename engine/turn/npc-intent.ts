import type { StreamEntry } from '../stream/index.ts';
import { appendWhole } from './append.ts';
import { callStageObject } from './call-stage.ts';
import { intentSchema, type IntentOutput as Intent } from './outputs.ts';
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

/**
 * An NPC Intent decided ahead (tuning.prepareIntents): asked now, from the story as it stands, while the Narrator
 * writes; appended only once its round comes and the world accepts it (see run-turn's preparedIntention).
 */
export interface PreparedIntent {
  readonly characterId: string;
  readonly decision: Promise<Intent>;
}

export function prepareNpcIntent(context: TurnContext, characterId: string): PreparedIntent {
  const decision = askIntent(context, 'npc_intent', characterId);
  // Awaited when its round comes; a refused persona round never comes to it, and its failure is then nobody's.
  decision.catch(() => undefined);
  return { characterId, decision };
}

/** The intention a decision would append next, for the world to judge before it enters the stream. */
export function intentionCandidate(context: TurnContext, principal: string, intent: Intent): StreamEntry {
  const thought = intent.thought.trim().length > 0 ? 1 : 0;
  return {
    turn: context.buffer.turn,
    seq: context.buffer.nextSeq() + thought,
    owner: principal,
    type: 'intention',
    content: intent.intention.trim(),
    mood: null,
    meta: null,
  };
}

/** The character's optional thought and its intention, appended under its own name. */
export function appendIntent(context: TurnContext, principal: string, intent: Intent): StreamEntry {
  const thought = intent.thought.trim();
  if (thought.length > 0) appendWhole(context, { owner: principal, type: 'thought', content: thought });
  return appendWhole(context, { owner: principal, type: 'intention', content: intent.intention.trim() });
}

async function decideIntent(
  context: TurnContext,
  stage: 'npc_intent' | 'persona_intent',
  principal: string,
): Promise<StreamEntry> {
  return appendIntent(context, principal, await askIntent(context, stage, principal));
}

/** An intent call's settings but its prompt: the same for the call and for its answer asked ahead (prompt-heads.ts). */
export const INTENT_CALL = { schema: intentSchema, schemaName: 'intent', maxTokens: 400 } as const;

async function askIntent(
  turn: TurnContext,
  stage: 'npc_intent' | 'persona_intent',
  principal: string,
): Promise<Intent> {
  const context = await withMemories(turn);
  const roundStartSeq = context.buffer.nextSeq();
  const character = stage === 'npc_intent' ? { character: principal } : {};
  const { value } = await callStageObject(context, {
    stage,
    principal,
    messages: renderStage(context, { stage, principal, roundStartSeq, ...character }),
    ...INTENT_CALL,
  });
  return value;
}
