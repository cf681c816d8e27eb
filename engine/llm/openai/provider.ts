import OpenAI from 'openai';
import type { OpenAiProviderConfig } from '../config.ts';
import type { LlmObjectRequest, LlmObjectResult, LlmProvider, LlmRequest, LlmTextResult } from '../types.ts';
import { requestCompletion, type CompletionClient } from './completion.ts';
import { keyAdviceFor, providerRedactor } from './errors.ts';
import { generateStructured, type StructuredState } from './structured-call.ts';

export interface OpenAiProviderOptions {
  /** From the OS keychain or the environment; local servers (Ollama, LM Studio, llama.cpp) need none. */
  readonly apiKey?: string;
  /** No key is sent because the saved one belongs to this other origin (see api-key.ts); named when a key is refused. */
  readonly keyWithheldFor?: string;
}

/** The SDK insists on a key; keyless local servers simply ignore this one. */
const NO_KEY = 'no-key';

/** An LlmProvider for any OpenAI-compatible chat-completions server, through the official SDK. */
export function createOpenAiProvider(config: OpenAiProviderConfig, options: OpenAiProviderOptions = {}): LlmProvider {
  const client = new OpenAI({
    apiKey: options.apiKey ?? NO_KEY,
    baseURL: config.baseURL,
    // Explicit nulls keep the SDK from picking up OPENAI_ORG_ID / OPENAI_PROJECT_ID and sending them to other servers.
    organization: null,
    project: null,
    timeout: config.timeoutMs,
    // The SDK retries 408/409/429/5xx and connection failures with exponential backoff (honouring Retry-After).
    maxRetries: config.maxRetries,
    // SDK logs can include request details; stage logs are the engine's job.
    logLevel: 'off',
  });
  const target: CompletionClient = {
    client,
    config,
    redact: providerRedactor(options.apiKey, config.baseURL),
    keyAdvice: keyAdviceFor(options.keyWithheldFor),
  };
  const state: StructuredState = { jsonSchemaRejected: false };

  return {
    kind: 'openai',
    model: config.model,
    ...(config.contextTokens === undefined ? {} : { contextTokens: config.contextTokens }),
    async generateText(request: LlmRequest): Promise<LlmTextResult> {
      const output = await requestCompletion(target, { request, messages: request.messages, stream: true });
      return { text: output.text, usage: output.usage, model: output.model, attempts: 1 };
    },
    generateObject<T>(request: LlmObjectRequest<T>): Promise<LlmObjectResult<T>> {
      return generateStructured(target, state, request);
    },
    async dispose(): Promise<void> {
      // Nothing to free: the SDK holds no connections beyond fetch's own pool.
    },
  };
}
