/**
 * engine/storykeeper: narrative gravity, information gates and the Narrator's retrieved tier
 * (gravitational-context-assembly.md; ARCHITECTURE §8.6–8.9), in two parts:
 * - the pure maths, in this folder: plain data in, plain data out. The caller supplies the truth set, gate states and
 *   travel costs as callbacks, precomputes the landscape at scene entry, and scores and trims the candidate pool every
 *   turn. These files import nothing outside the room but engine/api (eslint.config.js holds them to it).
 * - the adapters, in `adapters/`: the maths applied to a story pack and the live truth set (the narrative graph from
 *   the pack, truth oracles, the landscape weighed now, gate releases after every cascade), and the turn's Storykeeper
 *   work (the candidate pool, lore found in a view, the retrieved tier and its report, the earlier journal).
 */
export { SCENE_FLAG_NAMES, SCENE_STATES, SCENE_TYPES } from './scene.ts';
export type {
  ApproachVector,
  CastRequirement,
  ExitCondition,
  Scene,
  SceneFlags,
  SceneState,
  SceneType,
  WeightedCondition,
} from './scene.ts';
export type { GateRecipients, InformationGate } from './information-gate.ts';
export type { BridgeObject, PermeabilityCurve, Prophecy, SubGraph, SubGraphProgress } from './sub-graph.ts';
export type { NarrativeGraph, NarrativeOracles, NarrativePosition } from './narrative-graph.ts';
export { DEFAULT_STORYKEEPER_CONFIG } from './defaults.ts';
export type { DistanceWeights, StorykeeperConfig } from './defaults.ts';
export { storykeeperConfig } from './config.ts';
export type { StorykeeperOverrides } from './config.ts';
export { weightedMatch } from './truth.ts';
export type { Holds } from './truth.ts';
export { approachSatisfaction } from './approach.ts';
export type { ApproachSatisfaction } from './approach.ts';
export { effectiveMass } from './effective-mass.ts';
export type { EffectiveMass, StructuralReason } from './effective-mass.ts';
export { narrativeDistance } from './narrative-distance.ts';
export type { NarrativeDistance, Vantage } from './narrative-distance.ts';
export { byPull, gravitationalPull, isAttractor, strongestAttractor } from './pull.ts';
export { exitTargets, sceneState } from './scene-state.ts';
export type { StateInputs } from './scene-state.ts';
export { collectiveMass, subGraphContribution } from './collective-mass.ts';
export { permeability, permeabilityInput } from './permeability.ts';
export { activeProphecies, prophecyMagnitude } from './prophecy.ts';
export type { ActiveProphecy, ProphecyInputs } from './prophecy.ts';
export { gravitationalModifier, NO_GRAVITY } from './gravitational-modifier.ts';
export type { GravitationalModifier, GravityComponents } from './gravitational-modifier.ts';
export type {
  BoundaryStatus,
  CandidateLinks,
  CandidateSource,
  ContextCandidate,
  SceneTemperature,
} from './candidate.ts';
export { boundaryFactor, compositeScore, recencyDecay, temperatureModifier } from './composite-score.ts';
export type { ScoreFactors } from './composite-score.ts';
export { candidateGravity, relatesTo } from './candidate-gravity.ts';
export { scoreCandidate } from './score-candidate.ts';
export type { ScoredCandidate } from './score-candidate.ts';
export { selectWithinBudget } from './select-within-budget.ts';
export type { Budgeted, DropReason, Selection } from './select-within-budget.ts';
export { precomputeLandscape } from './precompute-landscape.ts';
export type { Landscape, LandscapeProphecy, LandscapeScene, LandscapeSubGraph } from './precompute-landscape.ts';
export { assembleRetrievedTier } from './assemble-retrieved-tier.ts';
export type { RetrievalOptions } from './assemble-retrieved-tier.ts';
export { DEFAULT_JOURNAL_COMPRESSION } from './journal.ts';
export type { CompressionLevel, JournalCompression, JournalEntry, JournalLine } from './journal.ts';
export { compressJournal } from './compress-journal.ts';
export type {
  BridgeObjectSpec,
  GateSpec,
  NarrativeSpec,
  ProphecySpec,
  SceneSpec,
  SubGraphSpec,
} from './adapters/pack-spec.ts';
export { exitConditionKey, fulfilmentKey, narrativeFromPack } from './adapters/from-pack.ts';
export type { PackGraph } from './adapters/from-pack.ts';
export { gateProgress, gateState, predicateStrength, truthHolds } from './adapters/truth-oracles.ts';
export type { GateState } from './adapters/truth-oracles.ts';
export { positionFromTruth } from './adapters/position-from-truth.ts';
export type { Whereabouts } from './adapters/position-from-truth.ts';
export { packTravelCost } from './adapters/travel-cost.ts';
export { evaluateLandscape } from './adapters/evaluate-landscape.ts';
export { interpretiveInterests, mentionedPropositions } from './adapters/interests.ts';
export { goalCompletedKey, goalCompletions } from './adapters/scene-goals.ts';
export { sceneTemperature } from './adapters/scene-temperature.ts';
export type { InterestSources } from './adapters/interests.ts';
export type { ExitState, LandscapeEvaluation, LandscapeInput, LandscapePack } from './adapters/evaluate-landscape.ts';
export { landscapeReport } from './adapters/landscape-report.ts';
export type { LandscapeReport, SceneReport, SubGraphReport } from './adapters/landscape-report.ts';
export { activateLore, compileLore } from './lore/index.ts';
export type {
  ActivationOptions,
  ActivationReason,
  LoreActivation,
  LoreMatcher,
  MatchableLore,
  MatchDefaults,
  SelectiveLogic,
} from './lore/index.ts';
// The Storykeeper in the turn: gates released after every truth-set mutation, the landscape at scene entry, and the
// Narrator's retrieved tier (ARCHITECTURE §3 step 3).
export { cascadeWithGates, gateReleases, type GateScene } from './adapters/gates.ts';
export { landscapeNow, sceneIdAt, type LandscapeAt } from './adapters/landscape-now.ts';
export { configOf } from './adapters/pack-config.ts';
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
} from './adapters/lore.ts';
export {
  retrievedContext,
  type ContextCandidateReport,
  type ContextReport,
  type RetrievedContext,
} from './adapters/narrator-context.ts';
export type { CandidateInputs } from './adapters/context-candidates.ts';
export { earlierJournal, turnMoments, type TurnMoments } from './adapters/earlier-journal.ts';
export type { LearnedLore } from './adapters/lore.ts';
