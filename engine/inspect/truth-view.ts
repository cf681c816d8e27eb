import type { ClassificationView, TraceNode, TruthView } from '../api/index.ts';
import { evaluate, judgedProposition, type EvaluationTrace, type TruthSet } from '../events/index.ts';
import type { StoryPack } from '../pack/index.ts';
import type { SaveStore } from '../store/index.ts';
import {
  eventsReportAt,
  PLAY_STATE_CHECKPOINT,
  playStateFromCheckpoint,
  truthAt,
  type EventsReport,
} from '../turn/index.ts';
import { turnAsOf } from './turn-as-of.ts';

/** Everything the truth panel and `inspect truth` show for one turn of a save. */
export function buildTruthView(store: SaveStore, pack: StoryPack, turn?: number): TruthView {
  const latestTurn = store.summary().turnCount;
  const at = turnAsOf(store, turn);
  const minConfidence = pack.manifest.tuning.minConfidence;
  const truth = truthAt(store, at, minConfidence);
  const before = truthAt(store, at - 1, minConfidence);
  const report = eventsReportAt(store, at);
  const played = store.latestCheckpoint(PLAY_STATE_CHECKPOINT, at);
  const events = played === null ? undefined : playStateFromCheckpoint(played.data, store.path).events;
  const fired = new Map(events?.fired ?? []);
  const removed = new Set(events?.removed ?? []);
  return {
    saveId: store.id,
    turn: at,
    latestTurn,
    minConfidence,
    factual: [...truth.factual].map(([key, entry]) => ({ key, sinceTurn: entry.since.turn })),
    interpretive: [...truth.interpretive].map(([key, entry]) => ({
      key,
      confidence: entry.confidence,
      standing: entry.source,
      judgmentId: entry.judgmentId,
      sinceTurn: entry.since.turn,
    })),
    accumulators: [...truth.accumulators].map(([key, value]) => ({ key, value })),
    diff: diffOf(before, truth),
    triggers: pack.triggers.map((subscription) => {
      // A trigger fires in the turn's own cascades or when a Stage 4 answer the turn took in re-ran them.
      const firings = [...(report?.firings ?? []), ...(report?.reconciliations ?? []).flatMap((r) => r.firings)];
      const firing = firings.find((candidate) => candidate.subscriptionId === subscription.id) ?? null;
      return {
        id: subscription.id,
        subscriber: subscription.subscriber,
        tier: subscription.tier,
        holds: evaluate(subscription.predicate, { truth, turn: at, minConfidence }).fired,
        firing: firing === null ? null : { depth: firing.depth, provisional: firing.provisional },
        lastFiredTurn: fired.get(subscription.id) ?? null,
        active: !removed.has(subscription.id),
        trace: toTraceNode(firing?.trace ?? evaluate(subscription.predicate, { truth, turn: at, minConfidence })),
      };
    }),
    classification: report === null ? null : classificationView(report),
  };
}

function diffOf(before: TruthSet, after: TruthSet): TruthView['diff'] {
  const weights = (truth: TruthSet) =>
    new Map<string, number>([
      ...[...truth.factual.keys()].map((key): [string, number] => [key, 1]),
      ...[...truth.interpretive].map(([key, entry]): [string, number] => [key, entry.confidence]),
      ...[...truth.accumulators].map(([key, value]): [string, number] => [`#${key}`, value]),
    ]);
  const old = weights(before);
  const now = weights(after);
  return {
    added: [...now.keys()].filter((key) => !old.has(key)),
    removed: [...old.keys()].filter((key) => !now.has(key)),
    changed: [...now]
      .filter(([key, value]) => old.has(key) && old.get(key) !== value)
      .map(([key, to]) => ({ key, from: old.get(key) ?? 0, to })),
  };
}

function toTraceNode(trace: EvaluationTrace): TraceNode {
  return {
    label: trace.label,
    fired: trace.fired,
    score: trace.score,
    reason: trace.reason,
    provisional: trace.provisional,
    children: trace.children.map(toTraceNode),
  };
}

function classificationView(report: EventsReport): ClassificationView {
  return {
    parse: report.parse?.summary ?? '',
    violation: report.violation,
    judgments: report.judgments.map((judgment) => ({
      id: judgment.id,
      proposition: judgedProposition(judgment),
      confidence: judgment.confidence,
      standing: judgment.standing,
      description: judgment.description,
    })),
    held: report.held.map((held) => ({ subscriptionId: held.subscriptionId, reason: held.reason })),
    directives: report.directives.map((d) =>
      d.kind === 'mandate' ? `mandate: ${d.mandate}` : `echo: ${d.echo} (${d.character})`,
    ),
    deferred: report.deferred.length,
    refreshed: report.refreshed,
    sensitivityEntries: report.sensitivityEntries,
    interpretation: report.interpretation,
    reconciliations: report.reconciliations.map(({ fromTurn, failure, notes, mayBeRevised }) => ({
      fromTurn,
      failure,
      notes,
      mayBeRevised,
    })),
    worldChanges: report.worldLog.flatMap((entry) =>
      entry.changes.map(
        (change) =>
          `${entry.input.type}: ${change.entity} ${change.id} ${change.property} ${JSON.stringify(change.before)} → ${JSON.stringify(change.after)}`,
      ),
    ),
  };
}
