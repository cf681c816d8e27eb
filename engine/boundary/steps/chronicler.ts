import type { StepHandler } from '../contract.ts';
import { chronicle } from '../simulation/index.ts';

/** The Chronicler: story_state, writer_guidance and world momentum, one cycle behind the simulation's events. */
export const chronicler: StepHandler = chronicle;
