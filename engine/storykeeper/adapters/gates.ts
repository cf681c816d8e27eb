import {
  accumulatorThresholds,
  runCascade,
  thresholdCrossings,
  type AccumulatorThreshold,
  type TriggerIndex,
  type CascadeInput,
  type CascadeResult,
  type EvaluationContext,
  type LedgerRecord,
  PLAYER,
} from '../../events/index.ts';
import { gateState } from './truth-oracles.ts';
import { goalCompletions } from './scene-goals.ts';
import type { PackGraph } from './from-pack.ts';

export interface GateScene {
  readonly sceneId: string;
  /** Characters present besides the persona. */
  readonly present: readonly string[];
}

/**
 * Information gates (gravitational-context-assembly.md; issue §3): a gate whose predicate newly holds fires once and
 * releases its facts to its recipients — GateFired, then InformationRevealed per recipient (Knows(who,gate)). A fired
 * gate is never retracted: GateFired stays in the truth set whatever the predicate says later.
 */
export function gateReleases(graph: PackGraph, context: EvaluationContext, scene: GateScene): LedgerRecord[] {
  const records: LedgerRecord[] = [];
  for (const gate of graph.gates) {
    const state = gateState(gate, context);
    if (state.fired || !state.predicateHolds) continue;
    records.push({ kind: 'event', event: { type: 'GateFired', gate_id: gate.id, scene_id: scene.sceneId } });
    const recipients =
      gate.recipients === 'specific'
        ? (gate.recipientIds ?? [])
        : gate.recipients === 'all_present'
          ? [PLAYER, ...scene.present]
          : [PLAYER];
    for (const recipient of recipients)
      records.push({ kind: 'event', event: { type: 'InformationRevealed', gate_id: gate.id, recipient } });
  }
  return records;
}

/**
 * A cascade, then what the Storykeeper reads off the truth set it left, each cascaded in turn until nothing new
 * comes: gates newly open (evaluated after every truth-set mutation, at most once each), the scene's goals newly
 * completed (GoalCompleted, once each), and the accumulator thresholds the story's predicates name newly crossed since
 * this began (ThresholdCrossed, once each here). Triggers may name all three.
 */
export function cascadeWithGates(
  input: CascadeInput,
  graph: PackGraph,
  scene: GateScene,
): { readonly results: readonly CascadeResult[]; readonly opened: readonly string[] } {
  const context = { truth: input.truth, turn: input.turn, minConfidence: input.minConfidence ?? 0.5 };
  const before = new Map(input.truth.accumulators);
  const thresholds = storyThresholds(graph, input.triggers);
  const crossed = new Set<string>();
  const results = [runCascade(input)];
  const opened: string[] = [];
  const rounds = graph.gates.length + thresholds.length + graph.graph.scenes.length + 1;
  for (let round = 0; round < rounds; round++) {
    const crossings = thresholdCrossings(thresholds, (key) => before.get(key) ?? 0, input.truth).filter(
      (record) => !crossed.has(JSON.stringify(record)),
    );
    for (const record of crossings) crossed.add(JSON.stringify(record));
    const records = [
      ...gateReleases(graph, context, scene),
      ...goalCompletions(graph, context, scene.sceneId),
      ...crossings,
    ];
    if (records.length === 0) break;
    for (const record of records)
      if (record.kind === 'event' && record.event.type === 'GateFired') opened.push(record.event.gate_id);
    const last = results.at(-1);
    // Time was looked at once, in the first cascade.
    results.push(runCascade({ ...input, records, elapsed: false, firstSeq: last?.nextSeq ?? input.firstSeq }));
  }
  return { results, opened };
}

/** The accumulator thresholds the story's gates, scene goals and active triggers compare against. */
function storyThresholds(graph: PackGraph, triggers: TriggerIndex): AccumulatorThreshold[] {
  return accumulatorThresholds([
    ...graph.gates.map((gate) => gate.predicate),
    ...graph.conditions.values(),
    ...triggers.active().map((subscription) => subscription.predicate),
  ]);
}
