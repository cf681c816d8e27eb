import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openaiProviderConfigSchema } from '../../../engine/llm/config.ts';
import { createProviderFromConfig } from '../../../engine/llm/provider-factory.ts';
import { startFakeOpenAiServer } from '../../support/fake-openai-server.ts';

const fixture = fileURLToPath(new URL('../llm-scripted/fixtures/tavern-opening.yaml', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

describe('createProviderFromConfig', () => {
  it('makes a scripted provider from its file', async () => {
    const provider = await createProviderFromConfig({ kind: 'scripted', file: fixture });
    expect(provider.kind).toBe('scripted');
    const result = await provider.generateText({
      stage: 'narrator',
      principal: 'persona',
      messages: [{ role: 'user', content: 'The stranger enters' }],
    });
    expect(result.text).toContain('Rain drips');
  });

  it('makes an openai provider that sends the key to the origin it is bound to', async () => {
    const server = await startFakeOpenAiServer();
    try {
      server.reply({ kind: 'completion', content: 'ready' });
      const config = openaiProviderConfigSchema.parse({ kind: 'openai', baseURL: server.baseURL, model: 'm' });
      const apiKey = { key: 'sk-factory', origin: new URL(server.baseURL).origin };
      const provider = await createProviderFromConfig(config, { apiKey, modelsDir: undefined });
      expect(
        (await provider.generateText({ stage: 'narrator', messages: [{ role: 'user', content: 'hi' }] })).text,
      ).toBe('ready');
      expect(server.requests[0]?.authorization).toBe('Bearer sk-factory');
    } finally {
      await server.close();
    }
  });
});

describe('the LLM room', () => {
  it('does not load node-llama-cpp until a local provider is made', async () => {
    const script = [
      "import { registerHooks } from 'node:module';",
      'const seen = [];',
      'registerHooks({ resolve(specifier, context, next) { seen.push(specifier); return next(specifier, context); } });',
      "await import('./engine/llm/index.ts');",
      "console.log(JSON.stringify(seen.filter((s) => s.includes('llama') || s.includes('/local/'))));",
    ].join('\n');
    const output = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot }, (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      );
    });
    expect(JSON.parse(output)).toEqual([]);
  });
});
