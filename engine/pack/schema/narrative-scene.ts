import { z } from 'zod';
import { boundedPredicateSchema, normalizeKey } from '../../events/index.ts';
import { SCENE_FLAG_NAMES, SCENE_TYPES } from '../../api/index.ts';
import { labelListSchema, optionalTextSchema, slugSchema, textSchema } from './common.ts';

/**
 * The scenes of `narrative.yaml` (gravitational-context-assembly.md; ARCHITECTURE §8.6): the nodes of the narrative
 * graph with the mass, structure and ways in that the Storykeeper weighs. Conditions over the truth set are the
 * events room's propositions and predicates, so they evaluate against the real truth set.
 */

/** One truth-set proposition, written `Name(arg,…)` as in triggers.yaml; spaces are dropped like the truth set does. */
export const propositionSchema = z
  .string()
  .regex(/^[^()]+\(.*\)$/u, { error: 'a proposition is written Name(arg,…), e.g. "Knows(player,pells_fate)"' })
  .transform(normalizeKey);

export const weightedConditionSchema = z.strictObject({
  proposition: propositionSchema.describe('A truth-set proposition, e.g. "TrustGrowing(player,kit-wickett)".'),
  weight: z.number().min(0).default(1).describe('How much it counts among its group (relative to the others).'),
});

const approachVectorSchema = z.strictObject({
  id: slugSchema.describe('Unique within the scene.'),
  conditions: z
    .array(weightedConditionSchema)
    .default([])
    .describe('The truth this way in needs; its satisfaction is the weighted share that holds. None: always open.'),
  emotionalTarget: propositionSchema
    .optional()
    .describe('The persona’s feeling this way in wants, e.g. "EmotionalRegister(resolve)" (held with a confidence).'),
});

const castMemberSchema = z.strictObject({
  character: slugSchema.describe('A character id, or "player" for the persona.'),
  relation: propositionSchema
    .optional()
    .describe('The proposition saying the relation the scene needs exists, e.g. "TrustGrowing(player,kit-wickett)".'),
});

const exitConditionSchema = z.strictObject({
  id: slugSchema.describe('Unique within the scene.'),
  when: boundedPredicateSchema.describe('A predicate over the truth set (as in triggers.yaml): the scene may end.'),
  leadsTo: z.array(slugSchema).default([]).describe('The ids of the scenes this exit opens onto.'),
});

export const sceneSchema = z.strictObject({
  id: slugSchema,
  title: textSchema,
  type: z
    .enum(SCENE_TYPES)
    .describe('gravitational (a pivotal moment), gate (withholds information), threshold (a crossing), connective.'),
  baseMass: z.number().min(0).describe('The authored mass; structure and approach add to it (0.1 slight, 1+ pivotal).'),
  flags: z
    .array(z.enum(SCENE_FLAG_NAMES))
    .default([])
    .describe(
      'Structural facts that add mass: convergencePoint, thresholdScene, requiredForStory, emotionalHinge, branchPoint.',
    ),
  setting: slugSchema.describe('The id of the location (locations.yaml) where the scene takes place.'),
  requiredCast: z.array(castMemberSchema).default([]).describe('Who the scene needs, and the relation it needs.'),
  contingentCast: z.array(slugSchema).default([]).describe('Character ids who may take part.'),
  thematicRegister: labelListSchema.describe('Theme tags, e.g. [justice, drowning]; retrieval matches them.'),
  tonalSignature: optionalTextSchema.describe('How the scene feels, e.g. "cold, wind-loud, quiet voices".'),
  stakes: optionalTextSchema.describe('What is won or lost in it.'),
  approachVectors: z.array(approachVectorSchema).default([]).describe('The ways into the scene over the truth set.'),
  exitConditions: z.array(exitConditionSchema).default([]),
  gates: z.array(slugSchema).default([]).describe('Ids of the information gates (this file’s gates) the scene holds.'),
  revisitable: z.boolean().default(false).describe('True when the player may come back after completing it.'),
});

export type PackScene = z.output<typeof sceneSchema>;
