import type { Generated } from 'kysely';

/** Row shapes as SQLite stores them (snake_case, JSON as text); the repositories map them to `types.ts`. */

export interface SaveMetaTable {
  id: number;
  title: string;
  pack_id: string;
  pack_version: string;
  pack_content_hash: string;
  persona_id: string;
  rng_seed: number;
  rng_initial_state: string;
  rng_state: string;
  app_version: string;
  forked_from: string | null;
  forked_at_turn: number | null;
  created_at: number;
  updated_at: number;
}

export interface TurnsTable {
  id: Generated<number>;
  number: number;
  status: 'committed' | 'failed';
  input: string;
  started_at: number;
  finished_at: number;
  duration_ms: number;
  rng_state: string | null;
  failure_stage: string | null;
  failure_reason: string | null;
}

export interface MessagesTable {
  id: Generated<number>;
  turn_id: number;
  seq: number;
  owner: string;
  type: string;
  content: string;
  mood: string | null;
  meta: string | null;
  created_at: number;
}

export interface StageCallsTable {
  id: Generated<number>;
  turn_id: number;
  seq: number;
  stage: string;
  principal: string;
  provider: string;
  model: string;
  /** Packed (format 6, see packed-recent.ts) against the rows listed in `prompt_bases` (a JSON list of ids). */
  prompt: Uint8Array;
  prompt_bases: string | null;
  /** Packed (format 5, see packed.ts) against `output_base`, the previous output of the same stage. */
  output: Uint8Array | null;
  output_base: number | null;
  output_chain: number;
  prompt_tokens: number | null;
  cached_tokens: number | null;
  generated_tokens: number | null;
  ttft_ms: number | null;
  total_ms: number | null;
  error: string | null;
  created_at: number;
}

export interface CheckpointsTable {
  id: Generated<number>;
  turn_id: number;
  created_at: number;
  kind: string;
  /** Packed (format 6) against the rows listed in `data_bases`: recent checkpoints of the same kind. */
  data: Uint8Array;
  data_bases: string | null;
}

export interface LedgerTable {
  id: Generated<number>;
  turn_id: number;
  seq: number;
  record: string;
  created_at: number;
}

/** The save's durable workflows: the scene boundary, and a turn's after-turn work. */
export type RunKind = 'scene_boundary' | 'after_turn';

export interface BoundaryRunsTable {
  id: Generated<number>;
  turn_id: number;
  /** Which durable workflow the run is (format 4; older runs are scene boundaries). */
  kind: Generated<RunKind>;
  status: 'running' | 'done' | 'failed';
  /** Packed (format 6) against the rows listed in `input_bases`: recent runs' inputs of the same kind. */
  input: Uint8Array;
  input_bases: string | null;
  error: string | null;
  created_at: number;
  finished_at: number | null;
}

export interface BoundaryStepsTable {
  id: Generated<number>;
  run_id: number;
  step: string;
  status: 'pending' | 'running' | 'done' | 'failed';
  attempts: Generated<number>;
  /** Packed against `output_base`, an earlier finished step of the same name. */
  output: Uint8Array | null;
  output_base: number | null;
  output_chain: Generated<number>;
  error: string | null;
  started_at: number | null;
  finished_at: number | null;
}

export interface StoreDatabase {
  save_meta: SaveMetaTable;
  turns: TurnsTable;
  messages: MessagesTable;
  stage_calls: StageCallsTable;
  checkpoints: CheckpointsTable;
  ledger: LedgerTable;
  boundary_runs: BoundaryRunsTable;
  boundary_steps: BoundaryStepsTable;
}
