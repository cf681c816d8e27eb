export { createOpenAiProvider, type OpenAiProviderOptions } from './provider.ts';
