import type { TraceNode, TruthView } from '../../api/index.ts';
import { round } from '../round.ts';

/** `inspect <save> truth`: the truth set as of a turn, the triggers and why each fired or did not. */
export function formatTruth(view: TruthView): string {
  const lines = [`Truth set after turn ${view.turn} of ${view.latestTurn} (min_confidence ${view.minConfidence})`, ''];
  lines.push('Factual:', ...orNone(view.factual.map((f) => `  ${f.key}  (since turn ${f.sinceTurn})`)));
  lines.push(
    'Interpretive:',
    ...orNone(
      view.interpretive.map(
        (i) =>
          `  ${i.key}  ${bar(i.confidence)} ${i.confidence.toFixed(2)} ${i.standing} ${i.judgmentId} (since turn ${i.sinceTurn})`,
      ),
    ),
  );
  lines.push('Accumulators:', ...orNone(view.accumulators.map((a) => `  ${a.key} = ${round(a.value)}`)));
  const { added, removed, changed } = view.diff;
  lines.push(
    `Since turn ${view.turn - 1}:`,
    ...orNone([
      ...added.map((key) => `  + ${key}`),
      ...removed.map((key) => `  − ${key}`),
      ...changed.map((c) => `  ~ ${c.key} ${round(c.from)} → ${round(c.to)}`),
    ]),
  );
  const c = view.classification;
  if (c !== null) {
    lines.push('Classification:', `  parse: ${c.parse}`);
    if (c.violation !== null)
      lines.push(`  refused: ${c.violation.action} (${c.violation.constraint}) — ${c.violation.reason}`);
    for (const j of c.judgments)
      lines.push(`  ${j.standing} ${j.proposition} ${j.confidence.toFixed(2)}: ${j.description}`);
    for (const d of c.directives) lines.push(`  directive: ${d}`);
    for (const h of c.held) lines.push(`  held: ${h.subscriptionId} (${h.reason})`);
    if (c.deferred > 0) lines.push(`  deferred to the scene boundary: ${c.deferred}`);
    if (c.refreshed.length > 0)
      lines.push(`  sensitivity map rebuilt: ${c.refreshed.join(', ')} (${c.sensitivityEntries} entries)`);
    lines.push(`  deep interpretation: ${c.interpretation}`);
    for (const r of c.reconciliations) {
      lines.push(`  reconciled turn ${r.fromTurn}${r.failure === null ? '' : ` — failed: ${r.failure}`}`);
      for (const n of r.notes) lines.push(`    ${n.verdict} ${n.proposition} ${n.provisional ?? '–'} → ${n.refined}`);
      for (const id of r.mayBeRevised)
        lines.push(`    ${id} fired on a provisional judgment that no longer holds: may be revised`);
    }
    for (const w of c.worldChanges) lines.push(`  world: ${w}`);
  }
  lines.push('Triggers:');
  for (const t of view.triggers) {
    const state = t.firing !== null ? 'FIRED' : t.holds ? 'holds' : 'waits';
    const extra = [t.active ? null : 'spent', t.lastFiredTurn === null ? null : `last fired turn ${t.lastFiredTurn}`]
      .filter((part) => part !== null)
      .join(', ');
    lines.push(`  ${state} ${t.id} (${t.subscriber}, ${t.tier})${extra === '' ? '' : ` — ${extra}`}`);
    lines.push(...traceLines(t.trace, '      '));
  }
  if (view.triggers.length === 0) lines.push('  (the pack has no triggers)');
  return `${lines.join('\n')}\n`;
}

function traceLines(trace: TraceNode, indent: string): string[] {
  const mark = trace.fired ? '✓' : '✗';
  const own = `${indent}${mark} ${trace.label} — ${trace.reason}${trace.provisional ? ' (provisional)' : ''}`;
  return [own, ...trace.children.flatMap((child) => traceLines(child, `${indent}  `))];
}

function bar(confidence: number): string {
  const filled = Math.round(confidence * 10);
  return `${'█'.repeat(filled)}${'░'.repeat(10 - filled)}`;
}

function orNone(lines: readonly string[]): readonly string[] {
  return lines.length === 0 ? ['  (none)'] : lines;
}
