import { DEFAULT_STORYKEEPER_CONFIG, type DistanceWeights, type StorykeeperConfig } from './defaults.ts';

/** Any part of the config, at any depth; lists are replaced whole. */
export type StorykeeperOverrides = Overrides<StorykeeperConfig>;
type Overrides<T> = {
  readonly [K in keyof T]?: T[K] extends number | string | boolean | readonly unknown[] ? T[K] : Overrides<T[K]>;
};

/** A story's config: the defaults with its overrides laid over them. */
export function storykeeperConfig(overrides: StorykeeperOverrides = {}): StorykeeperConfig {
  const base = DEFAULT_STORYKEEPER_CONFIG;
  const byType = overrides.distance?.byType ?? {};
  const weightsOf = (current: DistanceWeights, patch: Overrides<DistanceWeights> | undefined): DistanceWeights => ({
    ...current,
    ...patch,
  });
  const scoring = overrides.scoring ?? {};
  const valences = scoring.valences ?? {};
  return {
    ...base,
    ...pickScalars(overrides),
    weights: { ...base.weights, ...overrides.weights },
    mass: { ...base.mass, ...overrides.mass },
    distance: {
      ...base.distance,
      ...overrides.distance,
      byType: {
        gravitational: weightsOf(base.distance.byType.gravitational, byType.gravitational),
        gate: weightsOf(base.distance.byType.gate, byType.gate),
        threshold: weightsOf(base.distance.byType.threshold, byType.threshold),
        connective: weightsOf(base.distance.byType.connective, byType.connective),
      },
    },
    scoring: {
      ...base.scoring,
      ...scoring,
      temperature: { ...base.scoring.temperature, ...scoring.temperature },
      valences: {
        high: { ...base.scoring.valences.high, ...valences.high },
        low: { ...base.scoring.valences.low, ...valences.low },
      },
    },
  };
}

/** The top-level numbers of the overrides (the nested sections are merged one by one above). */
function pickScalars(overrides: StorykeeperOverrides): Partial<StorykeeperConfig> {
  const { weights: _w, mass: _m, distance: _d, scoring: _s, ...scalars } = overrides;
  return scalars;
}
