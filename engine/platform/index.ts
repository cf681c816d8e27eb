export type * from './ports.ts';
export { createSfc32, sfc32FromSeed } from './rng.ts';
export { resolveHome, rootsFor, APP_FOLDER_NAME } from './paths.ts';
export { systemClock, randomIds, rngFactory } from './node.ts';
