import type { Subscription } from '../events/index.ts';
import type { DiagnosticSink } from './diagnostics.ts';
import { narrativeItems, PLAYER_ID } from './narrative-file.ts';
import type { Section, Sourced } from './pack-files.ts';
import { PACK_FILES, WORLD_FILES } from './pack-layout.ts';
import { at, checkUnique, resolve, targetOf, type PackSections, type Target } from './references.ts';
import type { PackNarrative, PackScene } from './schema/narrative.ts';
import type { WorldObjectSpec } from './schema/world.ts';
import { didYouMean } from './suggest.ts';

export interface NarrativeSections {
  readonly narrative: Section<PackNarrative>;
  readonly objects: Section<WorldObjectSpec>;
  readonly triggers: Section<Subscription>;
}

/**
 * narrative.yaml names places, people, objects and its own scenes, gates and sub-graphs; each reference must
 * resolve, and each problem points at the reference in question.
 */
export function checkNarrativeReferences(sections: PackSections, extra: NarrativeSections, sink: DiagnosticSink): void {
  const { narrative } = extra;
  const scenes = narrativeItems(narrative, 'scenes');
  const gates = narrativeItems(narrative, 'gates');
  const subGraphs = narrativeItems(narrative, 'subGraphs');
  const prophecies = narrativeItems(narrative, 'prophecies');
  const bridges = narrativeItems(narrative, 'bridgeObjects');
  checkUnique(scenes.items, (item) => item.id, 'scene id', sink);
  checkUnique(gates.items, (item) => item.id, 'gate id', sink);
  checkUnique(subGraphs.items, (item) => item.id, 'sub-graph id', sink);
  checkUnique(prophecies.items, (item) => item.id, 'prophecy id', sink);
  checkUnique(bridges.items, (item) => item.id, 'bridge object id', sink);

  const people: Target = {
    ...targetOf(sections.characters, 'character', 'characters'),
    ids: new Set([PLAYER_ID, ...sections.characters.items.map((item) => item.value.id)]),
  };
  const sceneIds = targetOf(scenes, 'scene', PACK_FILES.narrative);
  const hint = '; use "player" for the persona';
  for (const scene of scenes.items) checkScene(scene, sections, { people, scenes: sceneIds, gates, hint }, sink);
  for (const gate of gates.items)
    for (const [index, id] of gate.value.recipientIds.entries())
      resolve(gate, ['recipientIds', index], id, people, sink, hint);
  for (const subGraph of subGraphs.items)
    for (const [index, id] of subGraph.value.scenes.entries()) resolve(subGraph, ['scenes', index], id, sceneIds, sink);
  for (const prophecy of prophecies.items) {
    resolve(prophecy, ['source'], prophecy.value.source, sceneIds, sink);
    resolve(prophecy, ['targetScene'], prophecy.value.targetScene, sceneIds, sink);
  }
  const objects = targetOf(extra.objects, 'object', WORLD_FILES.objects);
  const tales = targetOf(subGraphs, 'sub-graph', PACK_FILES.narrative);
  for (const bridge of bridges.items) {
    resolve(bridge, ['object'], bridge.value.object, objects, sink);
    for (const [index, id] of bridge.value.subGraphs.entries()) resolve(bridge, ['subGraphs', index], id, tales, sink);
  }
  checkRevealedGates(extra.triggers, narrative, gates, sink);
}

interface SceneTargets {
  readonly people: Target;
  readonly scenes: Target;
  readonly gates: Section<{ id: string }>;
  readonly hint: string;
}

function checkScene(scene: Sourced<PackScene>, sections: PackSections, targets: SceneTargets, sink: DiagnosticSink) {
  const { value } = scene;
  const { people, hint } = targets;
  resolve(scene, ['setting'], value.setting, targetOf(sections.locations, 'location', PACK_FILES.locations), sink);
  for (const [index, member] of value.requiredCast.entries())
    resolve(scene, ['requiredCast', index, 'character'], member.character, people, sink, hint);
  for (const [index, id] of value.contingentCast.entries())
    resolve(scene, ['contingentCast', index], id, people, sink, hint);
  const gates = targetOf(targets.gates, 'gate', PACK_FILES.narrative);
  for (const [index, id] of value.gates.entries()) resolve(scene, ['gates', index], id, gates, sink);
  for (const [index, exit] of value.exitConditions.entries())
    for (const [step, id] of exit.leadsTo.entries())
      resolve(scene, ['exitConditions', index, 'leadsTo', step], id, targets.scenes, sink);
  const approaches = nested(scene, 'approachVectors', value.approachVectors);
  checkUnique(approaches, (item) => item.id, 'approach vector id in this scene', sink);
  checkUnique(nested(scene, 'exitConditions', value.exitConditions), (item) => item.id, 'exit id in this scene', sink);
}

/** The items of a list inside a scene, each pointing at its place in the file. */
function nested<T>(scene: Sourced<PackScene>, key: string, list: readonly T[]): Sourced<T>[] {
  return list.map((value, index) => ({ value, yaml: scene.yaml, path: [...scene.path, key, index] }));
}

/**
 * A RevealFact effect names the gate whose facts it reveals. Once a pack has a narrative graph, a gate it does not
 * define is most likely a misspelling: the reveal still records Knows(…), but guards and frames nothing.
 */
function checkRevealedGates(
  triggers: Section<Subscription>,
  narrative: Section<PackNarrative>,
  gates: Section<{ id: string }>,
  sink: DiagnosticSink,
): void {
  if (narrative.items.length === 0 || !narrative.complete) return;
  const ids = new Set(gates.items.map((item) => item.value.id));
  for (const trigger of triggers.items) {
    for (const [index, effect] of trigger.value.effects.entries()) {
      if (effect.kind !== 'RevealFact' || ids.has(effect.gate)) continue;
      sink.warning(
        at(trigger, ['effects', index, 'gate'], 'value'),
        `gate "${effect.gate}" is not defined in ${PACK_FILES.narrative}${didYouMean(effect.gate, ids)}; the reveal guards and frames nothing`,
      );
    }
  }
}
