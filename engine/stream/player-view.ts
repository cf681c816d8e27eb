import type { StreamEntry } from './types.ts';

/**
 * What the player sees: narration, dialog and scene breaks, plus their own persona's intentions and thoughts.
 * Sandbox (debug) mode shows every intention and thought. `system` messages never reach the player's prose.
 */
export function isVisibleToPlayer(
  message: Pick<StreamEntry, 'type' | 'owner'>,
  personaId: string,
  sandbox: boolean,
): boolean {
  switch (message.type) {
    case 'narration':
    case 'dialog':
    case 'scene_marker':
      return true;
    case 'intention':
    case 'thought':
      return sandbox || message.owner === personaId;
    case 'system':
      return false;
  }
}
