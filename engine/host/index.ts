export { createEngine, type Engine, type EngineOptions } from './engine.ts';
export { createEventBus, type EventBus } from './event-bus.ts';
export { loadSettings, saveSettings } from './settings-file.ts';
export * from './model-speed/index.ts';
