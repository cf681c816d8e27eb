import type { StepHandler } from '../contract.ts';

/** Off-screen propagation: replaced by S's simulation step (SimulationPlanner, cohorts, simulations). */
export const offscreenPropagation: StepHandler = () => Promise.resolve({});
