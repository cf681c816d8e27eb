import type { StageKind } from '../../api/stages.ts';
import type { LlmRequest } from '../types.ts';

/**
 * Scene-boundary stages whose calls for different characters run side by side (the members of one cohort round, the
 * IntentChecks, the standalone simulations): each character keeps its own sequence, so their calls are decoded in
 * one batch instead of queueing on the stage's one sequence, and each character's stable prefix (instructions and its
 * own sheet) stays cached from round to round.
 */
const PER_CHARACTER: ReadonlySet<StageKind> = new Set<StageKind>([
  'intent_check',
  'standalone_simulation',
  'cohort_member',
]);

/** The sequence a call runs on: its stage's, or for the stages above its stage and principal's. */
export function sequenceLane(request: Pick<LlmRequest, 'stage' | 'principal'>): string {
  return PER_CHARACTER.has(request.stage) && request.principal !== undefined
    ? `${request.stage}:${request.principal}`
    : request.stage;
}
