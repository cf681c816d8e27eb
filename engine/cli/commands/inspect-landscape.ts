import type { SaveStore } from '../../store/index.ts';
import type { GateState, LandscapeReport, SceneReport, SubGraphReport } from '../../storykeeper/index.ts';
import { landscapeAt } from '../../turn/index.ts';
import type { CliContext } from '../command.ts';
import { savePack } from '../installed-pack.ts';
import { round } from '../round.ts';

/** `inspect <save> landscape`: the narrative graph weighed against the truth set of a turn (the Storykeeper's view). */
export async function printLandscape(context: CliContext, store: SaveStore, turn: number | undefined, json: boolean) {
  const pack = await savePack(context, store);
  const report = landscapeAt(store, pack, turn);
  context.io.stdout(json ? `${JSON.stringify(report)}\n` : formatLandscape(report));
}

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

function sceneLines(scene: SceneReport): string[] {
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
