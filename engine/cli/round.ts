/** Figures in the CLI's text views: three decimals are enough to tell weights and scores apart. */
export function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
