/**
 * The scenes of the narrative graph (gravitational-context-assembly.md; ARCHITECTURE §8.6), stated structurally so
 * the Storykeeper's maths needs nothing from engine/pack: a loaded pack's narrative files only have to fit these shapes.
 */

import type { SceneFlagName, SceneType } from '../api/index.ts';

// The words a pack writes (scene types, flag names) are wire vocabulary: engine/api owns them, engine/pack checks them.
export { SCENE_FLAG_NAMES, SCENE_TYPES, type SceneFlagName, type SceneType } from '../api/index.ts';

/** Structural facts about a scene's place in the story, one per flag name; each adds to its effective mass. */
export type SceneFlags = { readonly [flag in SceneFlagName]: boolean };

/** A proposition of the truth set (e.g. `Met(player,sarah)`) and how much it counts towards its group. */
export type WeightedCondition = { readonly proposition: string; readonly weight: number };

/** One way into a scene: the truth it needs, and optionally the emotional state it wants the persona in. */
export type ApproachVector = {
  readonly id: string;
  readonly conditions: readonly WeightedCondition[];
  /** A proposition such as `Feels(chris,clarity)`, held with a confidence by interpretive judgments. */
  readonly emotionalTarget?: string | undefined;
};

/** A cast member a scene needs; `relation` is the proposition that says the relation the scene needs exists. */
export type CastRequirement = { readonly entity: string; readonly relation?: string | undefined };

/** When the scene may end (every proposition of `when` holds) and which scenes it opens onto. */
export type ExitCondition = {
  readonly id: string;
  readonly when: readonly string[];
  readonly leadsTo: readonly string[];
};

export type Scene = {
  readonly id: string;
  readonly title: string;
  readonly type: SceneType;
  /** The author's mass; structure and approach add to it (effective-mass.ts). */
  readonly baseMass: number;
  readonly flags: SceneFlags;
  /** The location id where the scene takes place. */
  readonly setting: string;
  readonly requiredCast: readonly CastRequirement[];
  readonly contingentCast: readonly string[];
  readonly thematicRegister: readonly string[];
  readonly tonalSignature: string;
  readonly stakes: string;
  readonly approachVectors: readonly ApproachVector[];
  readonly exitConditions: readonly ExitCondition[];
  /** Ids of the information gates this scene holds. */
  readonly gates: readonly string[];
  /** A completed scene the player may come back to (its state becomes `revisitable`, not `completed`). */
  readonly revisitable?: boolean | undefined;
};

// The scene states are wire vocabulary (the debug landscape names them), so engine/api owns them.
export { SCENE_STATES, type SceneState } from '../api/index.ts';
