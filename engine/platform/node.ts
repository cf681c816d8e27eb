import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock, IdGenerator, RngFactory } from './ports.ts';
import { createSfc32, sfc32FromSeed } from './rng.ts';

/** The real adapters for Node and Electron hosts. */
export const systemClock: Clock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
};

export const randomIds: IdGenerator = { next: () => randomUUID() };

export const rngFactory: RngFactory = {
  fromSeed: sfc32FromSeed,
  fromState: createSfc32,
  newSeed: () => randomBytes(4).readUInt32LE(0),
};
