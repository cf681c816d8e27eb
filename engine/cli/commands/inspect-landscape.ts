import type { LandscapeSceneView, LandscapeView } from '../../api/index.ts';
import { round } from '../round.ts';

/** The landscape of one turn, without the strongest pulls of the turns before (the drawer's chart). */
export type LandscapeReport = Omit<LandscapeView, 'history'>;
type GateState = LandscapeReport['gates'][number];
type SubGraphReport = LandscapeReport['subGraphs'][number];

export function landscapeReport({ history: _history, ...report }: LandscapeView): LandscapeReport {
  return report;
}

/** `inspect <save> landscape`: the narrative graph weighed against the truth set of a turn (the Storykeeper's view). */
export function formatLandscape(report: LandscapeReport): string {
  const where = report.currentScene === null ? 'in no scene of the graph' : `in scene ${report.currentScene}`;
  const heading = `Landscape after turn ${report.turn} — at ${report.location ?? 'no location'}, ${where}`;
  if (report.scenes.length === 0) return `${heading}\n  (the pack has no narrative graph)\n`;
  const strongest = report.strongestAttractor;
  const lines = [
    heading,
    `Strongest attractor: ${strongest === null ? '(none)' : `${strongest.id} (pull ${round(strongest.pull)})`}`,
    `Nearby attractors: ${orNone(report.attractors.map((a) => `${a.id} ${round(a.pull)}`)).join(', ')}`,
    '',
    'Scenes:',
    ...report.scenes.flatMap(sceneLines),
    '',
    ...section('Gates:', report.gates.map(gateLine)),
    ...section('Sub-graphs:', report.subGraphs.map(subGraphLine)),
    ...section(
      'Active prophecies:',
      report.prophecies.map((p) => `  ${p.id} (${p.type}) ${p.source} → ${p.targetScene}: ${round(p.magnitude)}`),
    ),
    ...section(
      'Bridge objects here:',
      report.bridges.map((b) => `  ${b.id} (${b.object})`),
    ),
  ];
  return `${lines.join('\n')}\n`;
}

function gateLine(gate: GateState): string {
  const known = gate.knownBy.length === 0 ? '' : ` — known to ${gate.knownBy.join(', ')}`;
  return `  ${gate.open ? 'open  ' : 'closed'} ${gate.id}${gate.fired ? ' (fired)' : ''}${known}`;
}

function subGraphLine(sub: SubGraphReport): string {
  const formula = `collective mass ${round(sub.collectiveMass)} × permeability ${round(sub.permeability)} (drivers ${round(sub.permeabilityInput)}) = ${round(sub.contribution)}`;
  const engaged = `${sub.visits} visit(s)${sub.engaged ? '' : ', not engaged'}`;
  return `  ${sub.id}: ${formula}, ${engaged}${sub.bridges.length === 0 ? '' : `; bridges ${sub.bridges.join(', ')}`}`;
}

function sceneLines(scene: LandscapeSceneView): string[] {
  const { mass, distance: d } = scene;
  const parts = mass.structuralParts.map((part) => `${part.reason} ${round(part.amount)}`).join(', ');
  const approach = mass.bestApproach === null ? '' : ` via ${mass.bestApproach}`;
  const lines = [
    `  ${scene.state.padEnd(11)} ${scene.id} — ${scene.title} (${scene.type}, ${scene.setting})`,
    `      mass ${round(mass.total)} = base ${round(mass.base)} + structural ${round(mass.structural)}${parts === '' ? '' : ` (${parts})`} + approach ${round(mass.approach)} (satisfied ${round(mass.approachSatisfaction)}${approach})`,
    `      distance ${round(d.total)} = information ${round(d.information)}×${d.weights.information} + emotional ${round(d.emotional)}×${d.weights.emotional} + relational ${round(d.relational)}×${d.weights.relational} + physical ${round(d.physical)}×${d.weights.physical}`,
    `      pull ${round(scene.pull)}`,
  ];
  if (scene.gates.length > 0)
    lines.push(`      gates: ${scene.gates.map((gate) => `${gate.id} ${gate.open ? 'open' : 'closed'}`).join(', ')}`);
  for (const exit of scene.exits)
    lines.push(
      `      exit ${exit.id}: ${exit.holds ? 'holds' : 'waits'}${exit.leadsTo.length === 0 ? '' : ` → ${exit.leadsTo.join(', ')}`}`,
    );
  return lines;
}

function section(title: string, lines: readonly string[]): readonly string[] {
  return [title, ...(lines.length === 0 ? ['  (none)'] : lines)];
}

function orNone(items: readonly string[]): readonly string[] {
  return items.length === 0 ? ['(none)'] : items;
}
