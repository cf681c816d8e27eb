import type { ActionResult, WorldAction } from './actions.ts';
import { applyPatches } from './patch.ts';
import type { WorldState } from './types.ts';
import { isRejection } from './validate-common.ts';
import type { Validation } from './validate-common.ts';
import { validateDrop, validateGive, validatePut, validateTake } from './validate-items.ts';
import { validateLockUnlock, validateOpenClose, validateUse } from './validate-mechanisms.ts';
import { validateFace, validateMove } from './validate-movement.ts';
import { validateExamine, validateSpeak } from './validate-senses.ts';

/** Checks an action against the current state without changing anything: the patches it would apply, or why not. */
export function validateAction(state: WorldState, action: WorldAction): Validation {
  switch (action.type) {
    case 'move':
      return validateMove(state, action.agent, action.to);
    case 'face':
      return validateFace(state, action.agent, action.toward);
    case 'take':
      return validateTake(state, action.agent, action.object);
    case 'drop':
      return validateDrop(state, action.agent, action.object);
    case 'give':
      return validateGive(state, action.agent, action.object, action.to);
    case 'put':
      return validatePut(state, action.agent, action.object, action.container);
    case 'open':
    case 'close':
      return validateOpenClose(state, action.agent, action.object, action.type === 'open');
    case 'lock':
    case 'unlock':
      return validateLockUnlock(state, action.agent, action.object, action.type === 'lock');
    case 'use':
      return validateUse(state, action.agent, action.object);
    case 'examine':
      return validateExamine(state, action.agent, action.target);
    case 'speak':
      return validateSpeak(state, action.agent, action.volume, action.message, action.to);
  }
}

/**
 * Validates, then commits every change at once. A rejection returns the reason and no state at all, so the caller
 * cannot mistake a half-applied state for the real one; the input state is never mutated either way.
 */
export function applyAction(state: WorldState, action: WorldAction): ActionResult {
  const validation = validateAction(state, action);
  if (isRejection(validation)) return validation;
  const { state: next, changes } = applyPatches(state, validation);
  return { ok: true, state: next, changes };
}
