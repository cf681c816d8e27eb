import { z } from 'zod';
import {
  audienceSchema,
  knowledgeDraftSchema,
  readKnowledgeWrite,
  standingShiftSchema,
  type Audience,
  type KnowledgeDraft,
  type StandingShift,
} from '../npc/index.ts';
import type { BoundaryStep } from './contract.ts';
import { jsonSchema } from './json.ts';
import { NPC_STATE_PARTS, type NpcStatePart } from './npc-state.ts';

const stepResultSchema = z.strictObject({
  knowledge: z.array(z.strictObject({ audience: audienceSchema, drafts: z.array(knowledgeDraftSchema) })).optional(),
  npc: z.partialRecord(z.enum(NPC_STATE_PARTS), jsonSchema).optional(),
  standings: z.array(standingShiftSchema).optional(),
  play: z
    .strictObject({
      positions: z.record(z.string(), z.string()).optional(),
      time: z.string().optional(),
      weather: z.string().optional(),
    })
    .optional(),
  detail: jsonSchema.optional(),
});

/** A StepResult with its knowledge typed for engine/npc. */
export interface ParsedStepResult {
  readonly knowledge: readonly { readonly audience: Audience; readonly drafts: readonly KnowledgeDraft[] }[];
  readonly npc: { readonly [P in NpcStatePart]?: z.infer<typeof jsonSchema> };
  readonly positions: { readonly [characterId: string]: string };
  /** Moves of the characters' standings with each other, applied in order. */
  readonly standings: readonly StandingShift[];
  readonly time: string | null;
  readonly weather: string | null;
}

/** A step's stored output as a StepResult; an output of another shape names its step (a step bug, loud). */
export function parseStepResult(step: BoundaryStep, output: unknown): ParsedStepResult {
  const parsed = stepResultSchema.safeParse(output ?? {});
  if (!parsed.success) {
    throw new Error(`step ${step} returned an unusable result: ${z.prettifyError(parsed.error)}`);
  }
  const { knowledge = [], npc = {}, play = {}, standings = [] } = parsed.data;
  return {
    knowledge: knowledge.map(readKnowledgeWrite),
    npc,
    standings,
    positions: play.positions ?? {},
    time: play.time ?? null,
    weather: play.weather ?? null,
  };
}
