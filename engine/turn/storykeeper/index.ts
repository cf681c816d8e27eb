// The Storykeeper in the turn: gates released after every truth-set mutation, the landscape at scene entry, and the
// Narrator's retrieved tier (gravitational-context-assembly.md; ARCHITECTURE §3 step 3).
export { cascadeWithGates, gateReleases, type GateScene } from './gates.ts';
export { landscapeNow, sceneIdAt, type LandscapeAt } from './landscape.ts';
export { configOf } from './config.ts';
export {
  DEFAULT_LORE_SETTINGS,
  findLore,
  loreAudiences,
  loreLines,
  loreOfView,
  loreSettings,
  packLoreMatcher,
  withinBudget,
  type LoreFound,
  type LorePiece,
  type LoreSettings,
} from './lore.ts';
export {
  retrievedContext,
  type ContextCandidateReport,
  type ContextReport,
  type RetrievedContext,
} from './narrator-context.ts';
export type { CandidateInputs } from './candidates.ts';
