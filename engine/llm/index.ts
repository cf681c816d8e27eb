// The LLM room's public surface. The local provider is reached only through createProviderFromConfig, which imports
// it on first use so node-llama-cpp stays off the load path when no local model is configured.
export * from './types.ts';
export * from './config.ts';
export * from './structured.ts';
export * from './shared-prefix.ts';
export * from './spec.ts';
export * from './router.ts';
export * from './provider-factory.ts';
export * from './api-key.ts';
export * from './openai/index.ts';
export * from './scripted/index.ts';
// Measured speeds are plain JSON files: reachable here without loading the model tools of ./models/index.ts.
export * from './models/model-speeds.ts';
