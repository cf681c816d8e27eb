export { createLocalProvider, LocalProvider } from './local-provider.ts';
export type { LocalProviderOptions } from './runtime.ts';
export { toGbnfJsonSchema } from './json-schema-to-gbnf.ts';
export { benchLocalModel, type ModelBenchOptions, type ModelBenchReport } from './speed/bench-model.ts';
export type { SpeedFigures, ParallelFigure } from './speed/measure.ts';
export { resolveThreads } from './threads.ts';
export { loadModelTokenizer, type ModelTokenizer } from './speed/prompt-tokenizer.ts';
export { turnCost, type LoggedCall, type TurnCost } from './speed/turn-cost.ts';
export { median } from './speed/measure.ts';
