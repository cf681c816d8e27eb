import type { z } from 'zod';
import type { StageKind } from '../api/index.ts';
import type { LlmMessage } from '../llm/index.ts';
import type { StoryPack } from '../pack/index.ts';
import type { NpcState } from './npc-state.ts';
import type { ReadSnapshot } from './snapshot.ts';
import type { LandscapeReport } from '../storykeeper/index.ts';
import type { PromptBook } from '../prompts/index.ts';
import type { JsonValue } from '../store/index.ts';

/**
 * The scene-boundary workflow (event-system.md "Scene-Boundary Batch Processing", ARCHITECTURE §4) as a DAG of named
 * steps. CharacterReflection and the Chronicler run beside the six steps of the spec, so they are steps too: every
 * result lands in the checkpoint together, and a crash resumes them like the rest.
 */
export const BOUNDARY_STEPS = [
  'deferred_events',
  'offscreen_propagation',
  'social_ripple',
  'world_state',
  'character_reflection',
  'chronicler',
  'lore',
  'narrative_graph',
  'checkpoint',
] as const;
export type BoundaryStep = (typeof BOUNDARY_STEPS)[number];

/** What each step waits for. Steps whose dependencies are done run in parallel. */
export const STEP_DEPENDENCIES = {
  deferred_events: [],
  offscreen_propagation: ['deferred_events'],
  social_ripple: ['deferred_events'],
  world_state: ['deferred_events'],
  character_reflection: ['deferred_events'],
  // The Chronicler reads the previous cycle's simulation events (off by one), so it never waits for this cycle's.
  chronicler: ['deferred_events'],
  // The Lore stage answers the Chronicler's lore requests; it runs beside the off-screen simulation, usually longer.
  lore: ['chronicler'],
  narrative_graph: ['offscreen_propagation', 'social_ripple'],
  checkpoint: ['narrative_graph', 'world_state', 'character_reflection', 'chronicler', 'lore'],
} as const satisfies { readonly [S in BoundaryStep]: readonly BoundaryStep[] };

/**
 * A scene's boundary runs in two runs. The first (every step but the reflections) writes what the next scene opens
 * on: where everyone is, the time, the weather, the Chronicler's guidance, the off-screen lives, the World KG. The
 * Narrator's first call of the next scene reads only that, so the next turn may start as soon as it is done. Its
 * checkpoint starts the second run: the characters' and the persona's reflections, written into their own graphs,
 * which only their own later prompts read (a turn waits for them before its first character's call). A run of every
 * step (a save of an older version) still runs whole.
 */
export const SCENE_STEPS = BOUNDARY_STEPS.filter((step) => step !== 'character_reflection');
export const REFLECTION_STEPS = ['character_reflection', 'checkpoint'] as const satisfies readonly BoundaryStep[];

/** Which part of a boundary a run of these steps is (see SCENE_STEPS). */
export type BoundaryPart = 'scene' | 'reflections' | 'whole';

export function boundaryPart(steps: readonly string[]): BoundaryPart {
  if (steps.length > 0 && steps.every((step) => REFLECTION_STEPS.some((own) => own === step))) return 'reflections';
  return steps.includes('character_reflection') ? 'whole' : 'scene';
}

/** The second run of a boundary: its steps are the reflections and their checkpoint, nothing else. */
export function isReflectionRun(steps: readonly string[]): boolean {
  return boundaryPart(steps) === 'reflections';
}

/** A plain JSON value: step inputs and outputs are stored as rows in the save and must survive a round trip. */
export type Json = JsonValue;

/** One structured LLM call made by a step: announced, bounded by the stage timeout, logged with the closing turn. */
export interface StepStageCall<T> {
  readonly stage: StageKind;
  readonly principal: string;
  readonly messages: readonly LlmMessage[];
  readonly schema: z.ZodType<T>;
  readonly schemaName: string;
  readonly temperature?: number;
  readonly maxTokens?: number;
}

/** A call's settings but its prompt: what makes two calls of one prompt the same call. */
export type CallSettings<T> = Pick<StepStageCall<T>, 'schema' | 'schemaName' | 'temperature' | 'maxTokens'>;

export interface BoundaryStepContext {
  readonly pack: StoryPack;
  readonly prompts: PromptBook;
  readonly personaId: string;
  /**
   * The snapshot taken when the scene closed (stored with the run, so a resumed run sees exactly the same), read once
   * per run: every step shares it rather than re-checking the whole transcript and npc state.
   */
  readonly snapshot: ReadSnapshot;
  /** The snapshot's npc_state, restored once per run (restoring the knowledge store is the costly part). */
  readonly npc: NpcState;
  /** Outputs of the steps already finished in this run, by step name (at least every dependency's). */
  readonly outputs: { readonly [S in BoundaryStep]?: Json };
  readonly callObject: <T>(call: StepStageCall<T>) => Promise<T>;
  readonly signal: AbortSignal;
  /**
   * The narrative landscape (engine/storykeeper) at the closing turn, weighed from the save. That turn is history, so
   * a resumed run sees the same landscape. Absent where no save backs the run (unit tests of a step).
   */
  readonly landscape?: () => LandscapeReport;
}

/** A step's work: pure apart from its LLM calls; its output is stored in its row when it finishes. */
export type StepHandler = (context: BoundaryStepContext) => Promise<Json>;

/**
 * What every step returns (stored as its row's output). The checkpoint step applies them in BOUNDARY_STEPS order:
 * knowledge drafts are appended to their graphs, `npc` replaces the NpcState parts the step owns, `play` changes the
 * world. Nothing is applied before the checkpoint, so a step that runs twice (after a crash) applies once. (A type,
 * not an interface, so a StepResult is a Json value a handler can return as it is.)
 */
export type StepResult = {
  /** Knowledge drafts (engine/npc KnowledgeDraft as JSON) for one graph each: world, persona or a character. */
  readonly knowledge?: readonly { readonly audience: Json; readonly drafts: readonly Json[] }[];
  /** Replaces these top-level parts of the NpcState; each part has one owning step. */
  readonly npc?: { readonly [part: string]: Json };
  /**
   * Moves of the characters' standings with each other (engine/npc StandingShift as JSON): several steps move them
   * (simulations, the scene's relationship events, reflections), so they are applied in step order, not replaced.
   */
  readonly standings?: readonly Json[];
  /** World-state changes for the play state: who is where (character → location) and the in-world time after. */
  readonly play?: {
    readonly positions?: { readonly [characterId: string]: string };
    readonly time?: string;
    /** The world's weather as the next scene opens (packs with a world model). */
    readonly weather?: string;
  };
  /** What the step found, for later steps, `inspect` and the debug panels. */
  readonly detail?: Json;
};

// The checkpoint kinds are named with every other kind in engine/store/checkpoint-kinds.ts.
export { NPC_STATE_CHECKPOINT, PLAY_STATE_CHECKPOINT } from '../store/index.ts';
