import { applyAction, type WorldAction, type WorldState } from '../../../engine/world/index.ts';
import { houseWorld } from './fixture.ts';

export function run(state: WorldState, ...actions: WorldAction[]): WorldState {
  return actions.reduce((current, action) => {
    const result = applyAction(current, action);
    if (!result.ok) throw new Error(`${action.type} refused: ${result.reason}`);
    return result.state;
  }, state);
}

export function refusal(state: WorldState, action: WorldAction): { code: string; reason: string } {
  const result = applyAction(state, action);
  if (result.ok) throw new Error(`${action.type} was accepted`);
  return { code: result.code, reason: result.reason };
}

/** Mara fetches the key from the kitchen drawer and comes back to the hall. */
export function withKey(): WorldState {
  return run(
    houseWorld(),
    { type: 'move', agent: 'mara', to: 'kitchen' },
    { type: 'open', agent: 'mara', object: 'drawer' },
    { type: 'take', agent: 'mara', object: 'iron_key' },
    { type: 'move', agent: 'mara', to: 'hall' },
  );
}
