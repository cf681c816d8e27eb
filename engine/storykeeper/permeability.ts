import { clamp01 } from './numbers.ts';
import type { PermeabilityCurve, SubGraph } from './sub-graph.ts';
import type { Holds } from './truth.ts';

/** A logistic curve from `min` to `max`, centred on `midpoint`; steeper curves switch more abruptly. */
export function permeability(curve: PermeabilityCurve, input: number): number {
  const min = clamp01(curve.min);
  const max = Math.max(min, clamp01(curve.max));
  const sigmoid = 1 / (1 + Math.exp(-curve.steepness * (input - curve.midpoint)));
  return min + (max - min) * sigmoid;
}

/** The curve's input: the weighted sum of the sub-graph's drivers that the truth set holds. */
export function permeabilityInput(subGraph: SubGraph, holds: Holds): number {
  let sum = 0;
  for (const driver of subGraph.drivers) sum += driver.weight * clamp01(holds(driver.proposition));
  return sum;
}
