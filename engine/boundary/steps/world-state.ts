import { inWorldMinutes } from '../../npc/index.ts';
import type { StepHandler, StepResult } from '../contract.ts';

/**
 * World-state update (event-system.md, scene boundary, step 5): time passage. The next scene opens at the play
 * state's time (travel and `/skip` have already moved it); this step records how long passed since the scene closed
 * and who is off-stage. Off-screen characters' positions belong to offscreen_propagation, which runs beside this step
 * and returns them in its own result; the checkpoint applies both.
 */
export const worldState: StepHandler = (context) => {
  const { snapshot } = context;
  const next = snapshot.playState['time'];
  const nextTime = typeof next === 'string' ? next : snapshot.time;
  const from = inWorldMinutes(snapshot.time);
  const to = inWorldMinutes(nextTime);
  const present = new Set(snapshot.present);
  const result = {
    play: { time: nextTime },
    detail: {
      closedAt: snapshot.time,
      opensAt: nextTime,
      elapsedMinutes: from === null || to === null ? null : Math.max(0, to - from),
      offstage: context.pack.characters.map((character) => character.id).filter((id) => !present.has(id)),
    },
  } satisfies StepResult;
  return Promise.resolve(result);
};
