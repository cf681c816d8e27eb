/**
 * Every platform effect the engine uses enters through one of these ports. Hosts (Electron, CLI, web mode, tests)
 * pass adapters; no engine code reads the wall clock, Math.random or process.env itself.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** A monotonic reading in milliseconds, for durations. */
  monotonic(): number;
}

export interface IdGenerator {
  /** A new unique id (URL-safe). */
  next(): string;
}

/** Deterministic random numbers; the state can be saved and restored so a save replays identically. */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  state(): RngState;
}
export type RngState = readonly [number, number, number, number];

export interface RngFactory {
  fromSeed(seed: number): Rng;
  fromState(state: RngState): Rng;
  /** A fresh seed for a new save (the only place non-determinism enters). */
  newSeed(): number;
}

/** The folders the engine reads and writes. */
export interface FileRoots {
  /** The user-data folder (`~/.config/Storyloom` …). */
  readonly home: string;
  /** Built-in story packs shipped with the app (read-only). */
  readonly builtinStories: string;
  readonly userStories: string;
  readonly saves: string;
  /** Models folders, the user's own first; scanned in order. */
  readonly models: readonly string[];
  readonly settingsFile: string;
}

export interface Ports {
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly rng: RngFactory;
  readonly roots: FileRoots;
}
