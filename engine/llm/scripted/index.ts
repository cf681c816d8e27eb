export { createScriptedProvider, type ScriptedProvider, type ScriptSource } from './provider.ts';
export { loadScript, parseScript } from './load-script.ts';
export { scriptEntrySchema, type ScriptEntry, type ScriptEntryInput, type LocatedEntry } from './fixture-schema.ts';
export { estimateTokens } from '../estimate-tokens.ts';
