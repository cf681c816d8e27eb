import type { LandscapeView } from '../engine.ts';

/** Where the chart draws, in its own units (the SVG's viewBox): the plot area inside room for the axes. */
export const CHART = { width: 480, height: 260, left: 48, right: 16, top: 16, bottom: 36 } as const;

export type Scale = (value: number) => number;

/** Maps [from, to] onto [start, end] in a straight line. */
export function linearScale(domain: readonly [number, number], range: readonly [number, number]): Scale {
  const [from, to] = domain;
  const [start, end] = range;
  const span = to - from || 1;
  return (value) => start + ((value - from) / span) * (end - start);
}

/**
 * Maps [from, to] (both above 0) onto [start, end] by orders of magnitude: pull runs from a hundredth to hundreds,
 * and a straight scale would flatten everything but the nearest scene. Values at or below 0 sit on the start.
 */
export function logScale(domain: readonly [number, number], range: readonly [number, number]): Scale {
  const line = linearScale([Math.log10(domain[0]), Math.log10(domain[1])], range);
  return (value) => (value > 0 ? line(Math.log10(Math.max(value, domain[0]))) : range[0]);
}

/** The whole decades that hold every positive pull (one decade when there is none, or only one value). */
export function pullDomain(pulls: readonly number[]): [number, number] {
  const positive = pulls.filter((pull) => pull > 0 && Number.isFinite(pull));
  if (positive.length === 0) return [0.1, 1];
  const low = Math.floor(Math.log10(Math.min(...positive)));
  const high = Math.ceil(Math.log10(Math.max(...positive)));
  return [10 ** low, 10 ** Math.max(high, low + 1)];
}

/** A tick at every power of ten of the domain. */
export function decadeTicks(domain: readonly [number, number]): number[] {
  const low = Math.round(Math.log10(domain[0]));
  const high = Math.round(Math.log10(domain[1]));
  return Array.from({ length: high - low + 1 }, (_, index) => 10 ** (low + index));
}

/** Distance is a weighted sum of parts in [0, 1]: the axis runs to 1, or further if a scene lies further. */
export function distanceDomain(distances: readonly number[]): [number, number] {
  return [0, Math.max(1, ...distances.map((distance) => Math.ceil(distance * 4) / 4))];
}

/** Ticks every quarter along the distance axis. */
export function distanceTicks(domain: readonly [number, number]): number[] {
  return Array.from({ length: Math.round(domain[1] * 4) + 1 }, (_, index) => index / 4);
}

/** One scene where the chart draws it. */
export interface ScenePoint {
  readonly id: string;
  readonly title: string;
  readonly state: string;
  readonly distance: number;
  readonly pull: number;
  readonly x: number;
  readonly y: number;
  /** The reachable scene of greatest pull. */
  readonly attractor: boolean;
  /** The scene the player is in. */
  readonly current: boolean;
}

export interface ChartLayout {
  readonly points: readonly ScenePoint[];
  readonly x: Scale;
  readonly y: Scale;
  readonly xTicks: readonly number[];
  readonly yTicks: readonly number[];
}

/** Every scene of the landscape placed by distance (across) and pull (up, by decades). */
export function chartLayout(view: LandscapeView): ChartLayout {
  const xDomain = distanceDomain(view.scenes.map((scene) => scene.distance.total));
  const yDomain = pullDomain(view.scenes.map((scene) => scene.pull));
  const x = linearScale(xDomain, [CHART.left, CHART.width - CHART.right]);
  const y = logScale(yDomain, [CHART.height - CHART.bottom, CHART.top]);
  const points = view.scenes.map((scene): ScenePoint => ({
    id: scene.id,
    title: scene.title,
    state: scene.state,
    distance: scene.distance.total,
    pull: scene.pull,
    x: x(scene.distance.total),
    y: y(scene.pull),
    attractor: scene.id === view.strongestAttractor?.id,
    current: scene.id === view.currentScene,
  }));
  return { points, x, y, xTicks: distanceTicks(xDomain), yTicks: decadeTicks(yDomain) };
}

/** How tall each turn's bar in the history strip stands: its strongest pull as a share of the strip's greatest. */
export function historyShares(history: LandscapeView['history']): number[] {
  const greatest = Math.max(0, ...history.map((entry) => entry.pull));
  return history.map((entry) => (greatest > 0 ? entry.pull / greatest : 0));
}

/** Where a named scene's label sits, relative to its dot. */
export interface LabelPlacement {
  readonly x: number;
  readonly y: number;
  readonly anchor: 'start' | 'end';
}

/**
 * The attractor is named beside its dot and the player's scene above it, so the two stay legible when they sit close
 * together (as they do when the next scene is a step away); near the right edge a label runs leftwards instead.
 * Other scenes are not named on the chart: the table names them.
 */
export function labelPlacement(point: ScenePoint): LabelPlacement | null {
  if (!point.attractor && !point.current) return null;
  const leftward = point.x > CHART.width * 0.7;
  const side = leftward ? -1 : 1;
  return point.attractor
    ? { x: 12 * side, y: 0, anchor: leftward ? 'end' : 'start' }
    : { x: 4 * side, y: -11, anchor: leftward ? 'end' : 'start' };
}
