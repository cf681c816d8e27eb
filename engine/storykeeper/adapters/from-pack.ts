import type { Predicate } from '../../events/index.ts';
import type { InformationGate } from '../information-gate.ts';
import type { NarrativeGraph } from '../narrative-graph.ts';
import type { NarrativeSpec, SceneSpec } from './pack-spec.ts';
import type { Scene, SceneFlags } from '../scene.ts';

/** A pack's narrative graph in this room's terms, with the gates and the predicates its conditions stand for. */
export type PackGraph = {
  readonly graph: NarrativeGraph;
  readonly gates: readonly InformationGate<Predicate>[];
  /**
   * The maths of this room asks `holds(key)` of single keys, where a pack writes whole predicates (exit and fulfilment
   * conditions). Each such predicate gets a key here that no proposition can spell (propositions need parentheses),
   * and the caller's `holds` evaluates the predicate behind it.
   */
  readonly conditions: ReadonlyMap<string, Predicate>;
};

/** The key that stands for the predicate `exit` of `scene`. */
export const exitConditionKey = (scene: string, exit: string): string => `predicate:exit/${scene}/${exit}`;
/** The key that stands for the fulfilment predicate of a prophecy. */
export const fulfilmentKey = (prophecy: string): string => `predicate:fulfilment/${prophecy}`;

export function narrativeFromPack(spec: NarrativeSpec): PackGraph {
  const conditions = new Map<string, Predicate>();
  const scenes = spec.scenes.map((scene) => sceneFromPack(scene, conditions));
  const prophecies = spec.prophecies.map(({ fulfilment, ...prophecy }) => {
    if (fulfilment === undefined) return prophecy;
    conditions.set(fulfilmentKey(prophecy.id), fulfilment);
    return { ...prophecy, fulfilment: fulfilmentKey(prophecy.id) };
  });
  const gates = spec.gates.map((gate): InformationGate<Predicate> => ({
    id: gate.id,
    facts: gate.facts,
    predicate: gate.predicate,
    recipients: gate.recipients,
    ...(gate.recipients === 'specific' && { recipientIds: gate.recipientIds }),
    framing: gate.framing,
  }));
  return {
    graph: { scenes, subGraphs: spec.subGraphs, prophecies, bridgeObjects: spec.bridgeObjects },
    gates,
    conditions,
  };
}

function sceneFromPack(scene: SceneSpec, conditions: Map<string, Predicate>): Scene {
  const has = (flag: keyof SceneFlags): boolean => scene.flags.includes(flag);
  return {
    id: scene.id,
    title: scene.title,
    type: scene.type,
    baseMass: scene.baseMass,
    flags: {
      convergencePoint: has('convergencePoint'),
      thresholdScene: has('thresholdScene'),
      requiredForStory: has('requiredForStory'),
      emotionalHinge: has('emotionalHinge'),
      branchPoint: has('branchPoint'),
    },
    setting: scene.setting,
    requiredCast: scene.requiredCast.map(({ character, relation }) => ({ entity: character, relation })),
    contingentCast: scene.contingentCast,
    thematicRegister: scene.thematicRegister,
    tonalSignature: scene.tonalSignature,
    stakes: scene.stakes,
    approachVectors: scene.approachVectors,
    exitConditions: scene.exitConditions.map((exit) => {
      const key = exitConditionKey(scene.id, exit.id);
      conditions.set(key, exit.when);
      return { id: exit.id, when: [key], leadsTo: exit.leadsTo };
    }),
    gates: scene.gates,
    revisitable: scene.revisitable,
  };
}
