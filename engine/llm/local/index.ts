export { createLocalProvider, LocalProvider } from './local-provider.ts';
export type { LocalProviderOptions } from './runtime.ts';
export { toGbnfJsonSchema } from './json-schema-to-gbnf.ts';
