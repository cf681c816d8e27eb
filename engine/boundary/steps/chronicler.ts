import type { StepHandler } from '../contract.ts';

/** The Chronicler: replaced by S's step (story_state, writer_guidance, world momentum). */
export const chronicler: StepHandler = () => Promise.resolve({});
