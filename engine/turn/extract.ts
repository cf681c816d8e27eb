import { z } from 'zod';
import { interpretStepSchema } from './classify/deep-interpretation.ts';
import { loreFactsSchema, stateChangesSchema } from './outputs.ts';
import { buildView } from '../stream/index.ts';
import { promptSchema } from './prompt-schema.ts';
import { renderStage } from './render-stage.ts';
import { creationStepSchema } from './creation/step.ts';
import type { TurnContext } from './turn-context.ts';

/**
 * The extractors and Stage 4, off the player's path (issue 14). A round no longer waits for them: the turn renders each one's
 * prompt at the point of the round where the visibility matrix places it — a state extractor on the pre-round view,
 * the Lore Extractor on the round's own messages once the expansion has finished — and commits the prompts with its
 * prose as after-turn steps. The calls run after `play.submit` has resolved (see after-turn-run.ts), and their writes
 * are applied through the tool layer once every step of the turn is done.
 */
export const afterTurnStepSchema = z.discriminatedUnion('stage', [
  z.strictObject({
    name: z.string().min(1),
    stage: z.enum(['persona_extractor', 'character_extractor']),
    /** Whose states the step writes (the principal). */
    principal: z.string().min(1),
    messages: promptSchema,
  }),
  z.strictObject({
    name: z.string().min(1),
    stage: z.literal('lore_extractor'),
    principal: z.literal('world'),
    messages: promptSchema,
  }),
  // Stage 4 (deep interpretation): rendered as the persona's input is classified, reconciled when the run applies.
  interpretStepSchema,
  // A creation request of the turn's Narrator (see creation/step.ts).
  creationStepSchema,
]);

export type AfterTurnStep = z.infer<typeof afterTurnStepSchema>;

/** How each extractor is called: its output schema and sampling, the same as when it ran inside the round. */
export const EXTRACTOR_CALLS = {
  persona_extractor: { schema: stateChangesSchema, schemaName: 'state_changes', maxTokens: 500, temperature: 0.2 },
  character_extractor: { schema: stateChangesSchema, schemaName: 'state_changes', maxTokens: 500, temperature: 0.2 },
  lore_extractor: { schema: loreFactsSchema, schemaName: 'lore_facts', maxTokens: 600, temperature: 0.2 },
} as const;

/** The state extractor of one round's actor, on the view before the round (pipeline-rules: not the round's messages). */
export function stateStep(context: TurnContext, owner: string, roundStartSeq: number, round: number): AfterTurnStep {
  const isPersona = owner === context.personaId;
  const stage = isPersona ? 'persona_extractor' : 'character_extractor';
  const view = { stage, principal: owner, roundStartSeq, ...(isPersona ? {} : { character: owner }) } as const;
  return { name: `${round}.${stage}`, stage, principal: owner, messages: renderStage(context, view) };
}

/**
 * The Lore Extractor of one round, on the round's own narration and dialog (rendered after its expansion); null when
 * the round left it nothing to read (a round whispered whole: a whisper's lines are not the world's).
 */
export function loreStep(context: TurnContext, roundStartSeq: number, round: number): AfterTurnStep | null {
  const view = { stage: 'lore_extractor', principal: 'world', roundStartSeq } as const;
  const cursor = { turn: context.buffer.turn, roundStartSeq };
  const passage = buildView(context.buffer.stream(), { stage: 'lore_extractor', principal: 'world', cursor });
  if (passage.length === 0) return null;
  return {
    name: `${round}.lore_extractor`,
    stage: 'lore_extractor',
    principal: 'world',
    messages: renderStage(context, view),
  };
}
