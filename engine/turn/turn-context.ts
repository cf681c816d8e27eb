import type { EngineEvent } from '../api/index.ts';
import type { LlmRouter } from '../llm/index.ts';
import type { KnowledgeStore, PartialProfile } from '../npc/index.ts';
import type { StoryPack } from '../pack/index.ts';
import type { PromptBook } from '../prompts/index.ts';
import type { Clock, Rng } from '../platform/index.ts';
import type { NewStageCall } from '../store/index.ts';
import type { TurnBuffer } from '../stream/index.ts';
import type { PlayState } from './play-state.ts';

/** What every step of one turn works with. The stage log and the buffer are the turn's only outputs until commit. */
export interface TurnContext {
  readonly saveId: string;
  readonly pack: StoryPack;
  readonly personaId: string;
  readonly prompts: PromptBook;
  readonly router: LlmRouter;
  readonly clock: Clock;
  readonly rng: Rng;
  readonly emit: (event: EngineEvent) => void;
  /** Aborted when the player cancels, or when a sibling stage of a parallel pair fails. */
  readonly signal: AbortSignal;
  readonly stageTimeoutMs: number;
  readonly buffer: TurnBuffer;
  readonly stageLog: NewStageCall[];
  /** Play state as of the turn's start; writes are staged and applied by the turn after each round. */
  readonly state: PlayState;
  /** The knowledge graphs (npc_state) as of the turn's start; absent, prompts recall nothing of them. */
  readonly knowledge?: KnowledgeStore;
  /** Background figures' partial profiles (npc_state `profiles`), so a recurring figure keeps its voice. */
  readonly partialProfiles?: { readonly [characterId: string]: PartialProfile };
  /** Each character's off-stage life since it was last seen, for its own intent and dialog (see offstageLives). */
  readonly offstage?: { readonly [characterId: string]: string };
  /** How each character stands with the others (its own side only), for its own intent and dialog (see own-standings). */
  readonly standings?: { readonly [characterId: string]: string };
  /**
   * The knowledge graphs with the last scene's reflections in them, when a boundary was still writing those as the turn
   * started (engine/boundary SCENE_STEPS). The Narrator reads only the World KG and never waits; a character's or the
   * persona's own call waits for them first (see withMemories).
   */
  readonly memories?: () => Promise<KnowledgeStore>;
}

/** The context for a call that reads its principal's own graph: with the last scene's reflections in it. */
export async function withMemories(context: TurnContext): Promise<TurnContext> {
  if (context.memories === undefined) return context;
  return { ...context, knowledge: await context.memories() };
}
