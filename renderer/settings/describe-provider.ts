import type { ProviderInput } from '../stores/model-store.ts';

/** A provider in one line. */
export function describeProvider(provider: ProviderInput): string {
  switch (provider.kind) {
    case 'local':
      return `Local model: ${provider.modelPath}`;
    case 'openai':
      return `Remote endpoint: ${provider.model} at ${provider.baseURL}`;
    case 'scripted':
      return `Scripted replies: ${provider.file}`;
  }
}
