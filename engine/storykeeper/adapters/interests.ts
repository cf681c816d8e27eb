import {
  isInterpretive,
  predicateAtoms,
  propositionKey,
  type Predicate,
  type SensitivityInterest,
  type Subscription,
  type TruthSet,
} from '../../events/index.ts';
import type { NarrativeSpec } from './pack-spec.ts';
import { goalCompleted } from './scene-goals.ts';

/** What a story waits on: its narrative graph and its trigger subscriptions (engine/pack's StoryPack fits). */
export type InterestSources = {
  readonly narrative: NarrativeSpec;
  readonly triggers: Iterable<Subscription>;
};

/**
 * Every interpretive proposition the story is waiting on now (event-system.md, "What Goes Into the Map", sources
 * 1–4): the predicates of the given (active) triggers, not only their sensitivity lists; each scene's goals (approach
 * conditions, emotional targets, required relations, exit conditions); the gates still closed; the sub-graphs'
 * drivers and the prophecies' fulfilments. Stage 4 may judge exactly these. A gate that has fired and a goal completed
 * stop listening, so the list moves with the story.
 */
export function interpretiveInterests(sources: InterestSources, truth: TruthSet): SensitivityInterest[] {
  return mentionedPropositions(sources, truth).filter(({ proposition }) => isInterpretive(proposition));
}

/**
 * Every proposition a story's triggers and narrative graph name, with the place that names it (`gate:pells_fate`,
 * `scene:kits-penny#kindness`). Given the truth set, fired gates are left out.
 */
export function mentionedPropositions(sources: InterestSources, truth?: TruthSet): SensitivityInterest[] {
  const out: SensitivityInterest[] = [];
  const add = (source: string, propositions: Iterable<string>) => {
    for (const proposition of propositions) out.push({ source, proposition });
  };
  const ofPredicate = (predicate: Predicate) => predicateAtoms(predicate).propositions;
  for (const subscription of sources.triggers) add(`trigger:${subscription.id}`, ofPredicate(subscription.predicate));
  const { narrative } = sources;
  for (const gate of narrative.gates)
    if (truth?.factual.has(propositionKey('GateFired', gate.id)) !== true)
      add(`gate:${gate.id}`, ofPredicate(gate.predicate));
  for (const scene of narrative.scenes) {
    for (const vector of scene.approachVectors) {
      const source = `scene:${scene.id}#${vector.id}`;
      add(
        source,
        vector.conditions.map((condition) => condition.proposition),
      );
      if (vector.emotionalTarget !== undefined) add(source, [vector.emotionalTarget]);
    }
    add(
      `scene:${scene.id}#cast`,
      scene.requiredCast.flatMap((cast) => (cast.relation === undefined ? [] : [cast.relation])),
    );
    // A completed goal stops listening (event-system.md, Map Refresh).
    for (const exit of scene.exitConditions)
      if (truth === undefined || !goalCompleted(truth, scene.id, exit.id))
        add(`scene:${scene.id}#${exit.id}`, ofPredicate(exit.when));
  }
  for (const subGraph of narrative.subGraphs)
    add(
      `sub-graph:${subGraph.id}`,
      subGraph.drivers.map((driver) => driver.proposition),
    );
  for (const prophecy of narrative.prophecies)
    if (prophecy.fulfilment !== undefined) add(`prophecy:${prophecy.id}`, ofPredicate(prophecy.fulfilment));
  return out;
}
