import { z } from 'zod';
import { boundedPredicateSchema } from '../../events/index.ts';
import { labelListSchema, slugSchema, textSchema } from './common.ts';
import { sceneSchema, weightedConditionSchema } from './narrative-scene.ts';

/**
 * `narrative.yaml`: the narrative graph of a story (gravitational-context-assembly.md, tales-within-tales): scenes,
 * the information gates they hold, sub-graphs (tales within tales) with their prophecies, and bridge objects. The
 * Storykeeper weighs it against the truth set to find where the story is pulling.
 */

const GATE_RECIPIENTS = ['specific', 'all_present', 'observer'] as const;

export const gateSchema = z
  .strictObject({
    id: slugSchema.describe('The gate id; RevealFact effects and Knows(…)/GateFired(…) propositions name it.'),
    facts: z.array(textSchema).min(1).describe('The guarded facts, withheld from every prompt until the gate opens.'),
    predicate: boundedPredicateSchema.describe('When the gate opens: a predicate over the truth set.'),
    recipients: z
      .enum(GATE_RECIPIENTS)
      .describe('specific (recipientIds), all_present (everyone in the scene) or observer (whoever witnesses it).'),
    recipientIds: z
      .array(slugSchema)
      .default([])
      .describe('Who learns the facts when recipients is specific: character ids, or "player".'),
    framing: textSchema.describe('How the narrator should weigh the revelation: what it means, what changes.'),
  })
  .superRefine((gate, context) => {
    // A specific gate with nobody to tell, or names given to a gate that ignores them, is a slip of the author's.
    if (gate.recipients === 'specific' && gate.recipientIds.length === 0)
      context.addIssue({ code: 'custom', path: ['recipients'], message: 'name the recipientIds of a specific gate' });
    if (gate.recipients !== 'specific' && gate.recipientIds.length > 0)
      context.addIssue({ code: 'custom', path: ['recipientIds'], message: 'recipientIds need recipients: specific' });
  });

const permeabilityCurveSchema = z
  .strictObject({
    min: z.number().min(0).max(1).default(0.1).describe('The firm boundary’s permeability (no drivers held).'),
    max: z.number().min(0).max(1).default(1).describe('Permeability once merged with the parent story.'),
    steepness: z.number().positive().describe('How abruptly the boundary gives way around the midpoint.'),
    midpoint: z.number().describe('The driver sum at which permeability is halfway between min and max.'),
  })
  .refine((curve) => curve.min <= curve.max, { error: 'min must not exceed max', path: ['min'] });

export const subGraphSchema = z.strictObject({
  id: slugSchema,
  title: textSchema.optional(),
  scenes: z.array(slugSchema).min(1).describe('The ids of the scenes (this file’s scenes) inside the tale.'),
  baseMass: z.number().min(0).describe('The tale’s mass before any visit.'),
  completionBonus: z.number().min(0).default(0).describe('Mass added once every scene of the tale is completed.'),
  thematicResonance: labelListSchema.describe('The themes that bleed into the parent story through the boundary.'),
  permeability: permeabilityCurveSchema.describe('A sigmoid from min to max over the weighted sum of the drivers.'),
  drivers: z
    .array(weightedConditionSchema)
    .default([])
    .describe('Propositions that push the boundary open; their weighted sum is the curve’s input.'),
});

export const prophecySchema = z.strictObject({
  id: slugSchema,
  source: slugSchema.describe('The scene (usually inside a sub-graph) whose first entry casts the prophecy.'),
  targetScene: slugSchema.describe('The scene it bends the story towards.'),
  type: textSchema.describe('The authored kind, e.g. omen or imagery, carried to the narrator’s context.'),
  magnitude: z.number().min(0).describe('Its strength when cast (0.5 is a strong omen).'),
  decay: z.number().min(0).max(1).default(0).describe('The fraction of its strength it loses every turn.'),
  fulfilment: boundedPredicateSchema
    .optional()
    .describe('A predicate that fulfils it early; completing the target scene always does.'),
});

export const bridgeObjectSchema = z.strictObject({
  id: slugSchema,
  object: slugSchema.describe('The world object (world/objects.yaml) that carries it into a scene.'),
  subGraphs: z.array(slugSchema).min(1).describe('The sub-graphs whose weight it carries across the boundary.'),
  themes: labelListSchema,
});

export const narrativeSchema = z
  .strictObject({
    scenes: z.array(sceneSchema).default([]),
    gates: z.array(gateSchema).default([]),
    subGraphs: z.array(subGraphSchema).default([]),
    prophecies: z.array(prophecySchema).default([]),
    bridgeObjects: z.array(bridgeObjectSchema).default([]),
  })
  .describe('narrative.yaml: scenes, information gates, sub-graphs, prophecies and bridge objects.');

export type PackNarrative = z.output<typeof narrativeSchema>;
export type PackGate = z.output<typeof gateSchema>;
export type { PackScene } from './narrative-scene.ts';

/** A pack without narrative.yaml has an empty graph: nothing pulls, nothing is gated. */
export const EMPTY_NARRATIVE: PackNarrative = {
  scenes: [],
  gates: [],
  subGraphs: [],
  prophecies: [],
  bridgeObjects: [],
};
