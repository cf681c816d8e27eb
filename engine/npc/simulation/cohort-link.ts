import type { PairScore } from './pair-score.ts';

/** A confirmed reason to simulate two characters together. */
export type Link = { readonly pair: PairScore; readonly mutual: boolean };

/** Characters simulated together under the SimulationModerator, with the links that bind them. */
export type Cohort = { readonly members: readonly string[]; readonly links: readonly Link[] };
