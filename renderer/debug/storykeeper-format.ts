import { DROP_REASONS } from '../engine.ts';

/** Numbers as the Storykeeper panels print them: three significant figures, enough to tell scenes apart. */
export function formatFigure(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 100) return value.toFixed(0);
  if (magnitude >= 0.001) return String(Number(value.toPrecision(3)));
  return value.toExponential(1);
}

/** A decade tick's label: 0.01, 0.1, 1, 10, 100. */
export const formatDecade = (value: number) => String(Number(value.toPrecision(1)));

/** The engine's words for each reason, looked up by whatever reason a view names. */
const DROP_WORDS: Readonly<Record<string, string>> = DROP_REASONS;

/** Why the Storykeeper left a candidate out, in words; an unknown reason shows as the engine named it. */
export const dropReason = (reason: string) => DROP_WORDS[reason] ?? reason.replaceAll('_', ' ');

/** A scene's name as the writer knows it, from its id. */
export function sceneTitles(scenes: readonly { readonly id: string; readonly title: string }[]) {
  const titles = new Map(scenes.map((scene) => [scene.id, scene.title]));
  return (id: string) => titles.get(id) ?? id;
}
