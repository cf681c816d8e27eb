import type { StageKind } from '../../api/stages.ts';
import type { LlmRequest } from '../types.ts';

/**
 * Stages whose calls for different characters run side by side and come back for the same character: a cohort's
 * members, round after round and then for their accounts. Each member keeps its own sequence, so one round's calls
 * are decoded in one batch instead of queueing on the stage's one sequence, and each member's prefix (instructions and
 * its own sheet) stays cached from round to round; on one shared sequence the members would evict each other's.
 * Stages that call once per character per boundary (IntentCheck, a standalone simulation) keep one sequence: there a
 * shared sequence reuses the instructions from one character to the next, and on a CPU a batch costs what its tokens
 * cost whether decoded together or in turn.
 */
const PER_CHARACTER: ReadonlySet<StageKind> = new Set<StageKind>(['cohort_member']);

/** The sequence a call runs on: its stage's, or for the stages above its stage and principal's. */
export function sequenceLane(request: Pick<LlmRequest, 'stage' | 'principal'>): string {
  return PER_CHARACTER.has(request.stage) && request.principal !== undefined
    ? `${request.stage}:${request.principal}`
    : request.stage;
}
