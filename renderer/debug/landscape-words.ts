import type { LandscapeView } from '../engine.ts';
import type { ScenePoint } from './landscape-chart.ts';
import { formatFigure } from './storykeeper-format.ts';

// The chart's words for assistive technology and tooltips. Each is one string: an SVG <title> must hold a single text.

export const chartTitle = (view: LandscapeView) => `Gravitational landscape as of turn ${view.turn}`;

export function chartDescription(view: LandscapeView, titleOf: (id: string) => string): string {
  const attractor = view.strongestAttractor;
  const strongest =
    attractor === null
      ? 'no scene attracts.'
      : `the strongest attractor is ${titleOf(attractor.id)}, pull ${formatFigure(attractor.pull)}.`;
  return `${view.scenes.length} scenes by narrative distance and pull; ${strongest} The table of scenes below gives every figure.`;
}

export function playerTitle(view: LandscapeView, titleOf: (id: string) => string): string {
  const at = view.location === null ? '' : `, at ${view.location}`;
  const inScene = view.currentScene === null ? '' : `, in ${titleOf(view.currentScene)}`;
  return `You${at}${inScene}`;
}

export function pointTitle(point: ScenePoint): string {
  const figures = `distance ${formatFigure(point.distance)}, pull ${formatFigure(point.pull)}`;
  return `${point.title}: ${point.state}, ${figures}${point.attractor ? ', the strongest attractor' : ''}`;
}
