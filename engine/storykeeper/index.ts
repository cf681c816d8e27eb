/**
 * engine/storykeeper: the pure maths of narrative gravity and Tier 3 context selection
 * (gravitational-context-assembly.md; ARCHITECTURE §8.6–8.9). Plain data in, plain data out: the caller supplies the
 * truth set, gate states and travel costs as callbacks, precomputes the landscape at scene entry, and scores and trims
 * the candidate pool every turn. Only the bridge to packs (from-pack, evaluate-landscape and what they use) reaches
 * out: to engine/events for the truth set and its predicates, to engine/world for travel costs.
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
export { precomputeLandscape } from './landscape.ts';
export type { Landscape, LandscapeProphecy, LandscapeScene, LandscapeSubGraph } from './landscape.ts';
export { assembleRetrievedTier } from './assemble-retrieved-tier.ts';
export type { RetrievalOptions } from './assemble-retrieved-tier.ts';
export { DEFAULT_JOURNAL_COMPRESSION } from './journal.ts';
export type { CompressionLevel, JournalCompression, JournalEntry, JournalLine } from './journal.ts';
export { compressJournal } from './compress-journal.ts';
export type { BridgeObjectSpec, GateSpec, NarrativeSpec, ProphecySpec, SceneSpec, SubGraphSpec } from './pack-spec.ts';
export { exitConditionKey, fulfilmentKey, narrativeFromPack } from './from-pack.ts';
export type { PackGraph } from './from-pack.ts';
export { gateProgress, gateState, predicateStrength, truthHolds } from './truth-oracles.ts';
export type { GateState } from './truth-oracles.ts';
export { positionFromTruth } from './position-from-truth.ts';
export type { Whereabouts } from './position-from-truth.ts';
export { packTravelCost } from './travel-cost.ts';
export { evaluateLandscape } from './evaluate-landscape.ts';
export { interpretiveInterests, mentionedPropositions } from './interests.ts';
export { goalCompletedKey, goalCompletions } from './scene-goals.ts';
export { sceneTemperature } from './scene-temperature.ts';
export type { InterestSources } from './interests.ts';
export type { ExitState, LandscapeEvaluation, LandscapeInput, LandscapePack } from './evaluate-landscape.ts';
export { landscapeReport } from './landscape-report.ts';
export type { LandscapeReport, SceneReport, SubGraphReport } from './landscape-report.ts';
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
