import type { StepHandler } from '../contract.ts';
import { propagateOffscreen } from '../simulation/index.ts';

/** Off-screen propagation: the SimulationPlanner, IntentChecks, cohorts, simulations and OffscreenInference. */
export const offscreenPropagation: StepHandler = propagateOffscreen;
