import {
  runCascade,
  type CascadeInput,
  type CascadeResult,
  type EvaluationContext,
  type LedgerRecord,
  PLAYER,
} from '../../events/index.ts';
import { gateState, type PackGraph } from '../../storykeeper/index.ts';

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
 * A cascade, then the gates evaluated against the truth set it left, and each release cascaded in turn: gates are
 * evaluated after every truth-set mutation. Ends when no gate newly opens (at most once per gate).
 */
export function cascadeWithGates(
  input: CascadeInput,
  graph: PackGraph,
  scene: GateScene,
): { readonly results: readonly CascadeResult[]; readonly opened: readonly string[] } {
  const context = { truth: input.truth, turn: input.turn, minConfidence: input.minConfidence ?? 0.5 };
  const results = [runCascade(input)];
  const opened: string[] = [];
  for (let round = 0; round < graph.gates.length; round++) {
    const releases = gateReleases(graph, context, scene);
    if (releases.length === 0) break;
    for (const record of releases)
      if (record.kind === 'event' && record.event.type === 'GateFired') opened.push(record.event.gate_id);
    const last = results.at(-1);
    results.push(runCascade({ ...input, records: releases, firstSeq: last?.nextSeq ?? input.firstSeq }));
  }
  return { results, opened };
}
