import type { EvaluationContext, TruthSet } from '../../events/index.ts';
import type { PackPlaceSpec, PackWorldSpec } from '../../world/index.ts';
import { DEFAULT_STORYKEEPER_CONFIG, type StorykeeperConfig } from '../defaults.ts';
import { narrativeFromPack } from './from-pack.ts';
import { precomputeLandscape, type Landscape } from '../precompute-landscape.ts';
import type { NarrativePosition } from '../narrative-graph.ts';
import type { NarrativeSpec } from './pack-spec.ts';
import { positionFromTruth } from './position-from-truth.ts';
import { goalCompleted } from './scene-goals.ts';
import { packTravelCost } from './travel-cost.ts';
import { gateState, predicateStrength, truthHolds, type GateState } from './truth-oracles.ts';

/** What the landscape needs of a story pack (engine/pack's StoryPack fits it as it is). */
export type LandscapePack = {
  readonly narrative: NarrativeSpec;
  readonly locations: readonly PackPlaceSpec[];
  readonly world?: PackWorldSpec | undefined;
  readonly manifest: { readonly tuning: { readonly minConfidence: number } };
};

export type LandscapeInput = {
  readonly truth: TruthSet;
  readonly turn: number;
  /** The persona's location, or null when it has none. */
  readonly location: string | null;
  /** The persona, whose starting belongings (world/objects.yaml `holder`) go where it goes. */
  readonly persona?: string | undefined;
  /** The world objects in the current scene; by default the pack's objects placed here or carried by the persona. */
  readonly presentObjects?: readonly string[] | undefined;
  readonly config?: StorykeeperConfig | undefined;
};

/** Whether one exit condition of a scene holds now. */
export type ExitState = {
  readonly scene: string;
  readonly exit: string;
  readonly holds: boolean;
  readonly leadsTo: readonly string[];
};

export type LandscapeEvaluation = {
  readonly landscape: Landscape;
  readonly position: NarrativePosition;
  readonly gates: readonly GateState[];
  readonly exits: readonly ExitState[];
};

/**
 * The gravitational landscape of a pack's narrative graph at one turn: gate predicates, approach conditions, exit and
 * fulfilment conditions evaluated against the real truth set (engine/events), travel costs over the pack's map
 * (engine/world), then this room's maths (precomputeLandscape).
 */
export function evaluateLandscape(pack: LandscapePack, input: LandscapeInput): LandscapeEvaluation {
  const { graph, gates, conditions } = narrativeFromPack(pack.narrative);
  const context: EvaluationContext = {
    truth: input.truth,
    turn: input.turn,
    minConfidence: pack.manifest.tuning.minConfidence,
  };
  const gateStates = gates.map((gate) => gateState(gate, context));
  const openGates = new Set(gateStates.filter((gate) => gate.open).map(({ id }) => id));
  const position = positionFromTruth(graph, input.truth, {
    turn: input.turn,
    location: input.location,
    presentObjects: input.presentObjects ?? objectsAtHand(pack, input),
  });
  const landscape = precomputeLandscape(
    graph,
    position,
    {
      holds: truthHolds(context, conditions),
      isGateSatisfied: (gateId) => openGates.has(gateId),
      travelCost: packTravelCost(pack.locations, pack.world),
    },
    input.config ?? DEFAULT_STORYKEEPER_CONFIG,
  );
  const exits = pack.narrative.scenes.flatMap((scene) =>
    scene.exitConditions.map((exit): ExitState => ({
      scene: scene.id,
      exit: exit.id,
      // A completed goal keeps its exit open whatever its predicate says later (a momentary event, a decayed judgment).
      holds: goalCompleted(input.truth, scene.id, exit.id) || predicateStrength(exit.when, context) > 0,
      leadsTo: exit.leadsTo,
    })),
  );
  return { landscape, position, gates: gateStates, exits };
}

/** The pack's visible objects placed at the location or carried by the persona, and whatever the player has picked up. */
function objectsAtHand(pack: LandscapePack, input: LandscapeInput): string[] {
  // A hidden object is not at hand until found: it bridges to no tale the player cannot see.
  const placed = (pack.world?.objects ?? [])
    .filter((object) => !object.hidden)
    .filter(
      (object) =>
        (input.location !== null && object.location === input.location) ||
        (input.persona !== undefined && object.holder === input.persona),
    )
    .map(({ id }) => id);
  // `Holding(player,<object>)`: the taking actions' persistent proposition (engine/events translate.ts).
  const prefix = 'Holding(player,';
  const picked = [...input.truth.factual.keys()]
    .filter((key) => key.startsWith(prefix))
    .map((key) => key.slice(prefix.length, -1));
  return [...new Set([...placed, ...picked])];
}
