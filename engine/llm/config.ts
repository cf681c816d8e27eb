// Provider configuration is part of the public API (settings cross it); the LLM room re-exports it for its own use.
export * from '../api/index.ts';
