/**
 * The scenes of the narrative graph (gravitational-context-assembly.md; ARCHITECTURE §8.6), stated structurally so
 * this room needs nothing from engine/pack: a loaded pack's narrative files only have to fit these shapes.
 */

export const SCENE_TYPES = ['gravitational', 'gate', 'threshold', 'connective'] as const;
/** The scene type picks the weights of the four narrative distances (defaults.ts). */
export type SceneType = (typeof SCENE_TYPES)[number];

/** Structural facts about a scene's place in the story; each adds to its effective mass. */
export type SceneFlags = {
  readonly convergencePoint: boolean;
  readonly thresholdScene: boolean;
  readonly requiredForStory: boolean;
  readonly emotionalHinge: boolean;
  readonly branchPoint: boolean;
};

/** The flags by name, for packs that list the ones a scene has. */
export const SCENE_FLAG_NAMES = [
  'convergencePoint',
  'thresholdScene',
  'requiredForStory',
  'emotionalHinge',
  'branchPoint',
] as const satisfies readonly (keyof SceneFlags)[];

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
