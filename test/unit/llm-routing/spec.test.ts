import { describe, expect, it } from 'vitest';
import { formatLlmSpec, parseLlmSpec } from '../../../engine/llm/spec.ts';
import { LlmError } from '../../../engine/llm/types.ts';

describe('LLM spec strings', () => {
  it('parses a local model path with the config defaults', () => {
    expect(parseLlmSpec('local:models/qwen2.5-3b-instruct-q4_k_m.gguf')).toEqual({
      config: { kind: 'local', modelPath: 'models/qwen2.5-3b-instruct-q4_k_m.gguf', gpu: 'auto', threads: 'auto' },
    });
    expect(parseLlmSpec('local:C:\\Models\\Tiny.GGUF').config).toMatchObject({ modelPath: 'C:\\Models\\Tiny.GGUF' });
  });

  it('parses an openai base URL and model, taking the key from the environment', () => {
    const env = { OPENAI_API_KEY: 'sk-openai', STORYLOOM_API_KEY: 'sk-storyloom' };
    expect(parseLlmSpec('openai:http://127.0.0.1:11434/v1#llama3.1:8b', env)).toEqual({
      config: {
        kind: 'openai',
        baseURL: 'http://127.0.0.1:11434/v1',
        model: 'llama3.1:8b',
        structuredOutput: 'auto',
        timeoutMs: 120_000,
        maxRetries: 3,
      },
      apiKey: 'sk-storyloom',
    });
    expect(
      parseLlmSpec('openai:https://openrouter.ai/api/v1#meta-llama/llama-3.1-8b', { OPENAI_API_KEY: 'sk-openai' })
        .apiKey,
    ).toBe('sk-openai');
    expect(parseLlmSpec('openai:https://api.openai.com/v1#gpt-4o-mini', { STORYLOOM_API_KEY: '' })).not.toHaveProperty(
      'apiKey',
    );
  });

  it('parses a scripted fixture file', () => {
    expect(parseLlmSpec('scripted:test/fixtures/play.yml')).toEqual({
      config: { kind: 'scripted', file: 'test/fixtures/play.yml' },
    });
  });

  it.each([
    ['llama.gguf', 'it has no kind prefix'],
    ['ollama:http://x/v1#m', 'unknown kind "ollama"'],
    ['local:', 'a local model is a .gguf file path'],
    ['local:model.bin', 'a local model is a .gguf file path'],
    ['openai:localhost:8080#m', 'the base URL must start with http:// or https://'],
    ['openai:http://localhost:8080/v1', 'the model is missing after "#"'],
    ['openai:http://localhost:8080/v1#', 'the model is missing after "#"'],
    ['openai:http://exa mple/v1#m', 'must be a valid http:// or https:// URL'],
    ['scripted:play.json', 'a script is a .yaml file path'],
  ])('rejects %s: %s', (spec, reason) => {
    let caught: unknown;
    try {
      parseLlmSpec(spec);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(LlmError);
    expect(caught).toMatchObject({ kind: 'config' });
    const message = String(caught);
    expect(message).toContain(`invalid LLM spec ${JSON.stringify(spec)}`);
    expect(message).toContain(reason);
    expect(message).toContain('expected local:<model.gguf>, openai:<baseURL>#<model> or scripted:<file.yaml>');
  });

  it('formats configs back into specs', () => {
    for (const spec of ['local:/m/a.gguf', 'openai:http://127.0.0.1:1234/v1#qwen/qwen3-8b', 'scripted:a.yaml']) {
      expect(formatLlmSpec(parseLlmSpec(spec).config)).toBe(spec);
    }
  });
});
