import type { EngineEvent } from '../api/index.ts';
import type { LlmRouter } from '../llm/index.ts';
import type { StoryPack } from '../pack/index.ts';
import type { Clock } from '../platform/index.ts';
import type { PromptBook } from '../prompts/index.ts';
import type { LandscapeReport } from '../storykeeper/index.ts';
import type { SaveStore } from '../store/index.ts';
import type { BoundaryStep, StepHandler } from './contract.ts';
import type { DagProgress } from './dag.ts';

/** The save as the workflow uses it: its run and step rows, and the writes that move them on. */
export type BoundaryStore = Pick<
  SaveStore,
  | 'id'
  | 'boundaryRun'
  | 'boundarySteps'
  | 'startBoundaryStep'
  | 'finishBoundaryStep'
  | 'failBoundaryStep'
  | 'finishBoundaryRun'
  | 'failBoundaryRun'
  | 'resumeBoundaryRun'
  | 'latestCheckpoint'
>;

/** Every step but the checkpoint, which is the workflow's own. */
export type WorkStep = Exclude<BoundaryStep, 'checkpoint'>;
export type BoundaryHandlers = { readonly [S in WorkStep]: StepHandler };

export interface BoundaryProgress extends DagProgress<BoundaryStep> {
  readonly runId: number;
  /** The closing turn's story number. */
  readonly turn: number;
}

export interface WorkflowDeps {
  readonly store: BoundaryStore;
  readonly handlers: BoundaryHandlers;
  readonly pack: StoryPack;
  readonly prompts: PromptBook;
  readonly personaId: string;
  readonly router: LlmRouter;
  readonly clock: Clock;
  readonly emit: (event: EngineEvent) => void;
  readonly stageTimeoutMs: number;
  readonly landscape?: () => LandscapeReport;
  readonly signal?: AbortSignal;
  /** Attempts per step each time the run is (re)started; 3 unless told. */
  readonly maxAttempts?: number;
  readonly onProgress?: (progress: BoundaryProgress) => void;
}
