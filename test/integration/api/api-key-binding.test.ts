import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../engine/api/index.ts';
import { createEngine, type Engine } from '../../../engine/host/index.ts';
import { parseLlmSpec, type ApiKeyInput, type ProviderConfig } from '../../../engine/llm/index.ts';
import { rootsFor } from '../../../engine/platform/index.ts';
import { countingIds, fixedSeedRng, manualClock } from '../../../engine/platform/testing.ts';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../support/fake-openai-server.ts';

const KEY = 'sk-bound-SECRET-77f1';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function server(): Promise<FakeOpenAiServer> {
  const started = await startFakeOpenAiServer();
  cleanups.push(() => started.close());
  return started;
}

async function engineWith(
  apiKey: ApiKeyInput | undefined,
  options: { settingsJson?: unknown; llmOverride?: ProviderConfig } = {},
): Promise<{ engine: Engine; home: string }> {
  const home = await mkdtemp(path.join(os.tmpdir(), 'storyloom-key-'));
  const roots = rootsFor(home, path.join(home, 'builtin-stories'));
  if (options.settingsJson !== undefined) await writeFile(roots.settingsFile, JSON.stringify(options.settingsJson));
  const engine = await createEngine({
    ports: { clock: manualClock(), ids: countingIds(), rng: fixedSeedRng(), roots },
    appVersion: '0.1.0',
    platform: 'linux',
    apiKey,
    llmOverride: options.llmOverride,
  });
  cleanups.push(async () => {
    await engine.dispose();
    await rm(home, { recursive: true, force: true });
  });
  return { engine, home };
}

const remote = (baseURL: string) => ({ kind: 'openai', baseURL, model: 'm', maxRetries: 0 });
const testConnection = (engine: Engine, baseURL: string) =>
  dispatch(engine.handlers, 'llm.testConnection', { provider: remote(baseURL) });

describe('the API key is bound to the endpoint it was saved for', () => {
  it('sends the key to its own origin and to no other one, with a clear error when the other one wants a key', async () => {
    const own = await server();
    const other = await server();
    const { engine } = await engineWith({ key: KEY, origin: new URL(own.baseURL).origin });

    own.reply({ kind: 'completion', content: 'Ready.' });
    expect(await testConnection(engine, own.baseURL)).toMatchObject({ ok: true });
    expect(own.requests[0]?.authorization).toBe(`Bearer ${KEY}`);

    other.reply({ kind: 'error', status: 401, message: 'missing key' });
    const refused = await testConnection(engine, other.baseURL);
    expect(other.requests[0]?.authorization).not.toContain(KEY);
    expect(refused).toMatchObject({ ok: false });
    const message = JSON.stringify(refused);
    expect(message).toContain(`the saved key belongs to ${new URL(own.baseURL).origin}`);
    expect(message).toMatch(/enter the key again for this endpoint/u);

    // A keyless server on another origin still works: only the key stays home.
    other.reply({ kind: 'completion', content: 'Ready too.' });
    expect(await testConnection(engine, other.baseURL)).toMatchObject({ ok: true });
    expect(other.requests[1]?.authorization).not.toContain(KEY);
  });

  it('does not follow a settings change to another origin: the new endpoint gets no key until one is entered for it', async () => {
    const own = await server();
    const other = await server();
    // A key without an endpoint (STORYLOOM_API_KEY, or a key file from before keys were bound) binds at start to the
    // one remote endpoint in the settings.
    const { engine } = await engineWith({ key: KEY }, { settingsJson: { llm: { default: remote(own.baseURL) } } });
    expect(engine.startupProblems).toEqual([]);
    const moved = await dispatch(engine.handlers, 'settings.update', {
      llm: { default: remote(other.baseURL), stages: {} },
    });
    expect(moved).toMatchObject({ ok: true });

    other.reply({ kind: 'completion', content: 'Ready.' });
    expect(await testConnection(engine, other.baseURL)).toMatchObject({ ok: true });
    expect(other.requests[0]?.authorization).not.toContain(KEY);

    // Entering the key again for the new endpoint is what sends it there.
    await engine.setApiKey({ key: 'sk-new-endpoint', origin: new URL(other.baseURL).origin });
    other.reply({ kind: 'completion', content: 'Ready.' });
    expect(await testConnection(engine, other.baseURL)).toMatchObject({ ok: true });
    expect(other.requests[1]?.authorization).toBe('Bearer sk-new-endpoint');
    own.reply({ kind: 'completion', content: 'Ready.' });
    await testConnection(engine, own.baseURL);
    expect(own.requests[0]?.authorization).not.toContain('sk-new-endpoint');
  });

  it('binds an environment key to the --llm endpoint, and to none when the settings name several servers', async () => {
    const own = await server();
    const other = await server();
    const override = parseLlmSpec(`openai:${own.baseURL}#m`).config;
    const { engine } = await engineWith({ key: KEY }, { llmOverride: override });
    own.reply({ kind: 'completion', content: 'Ready.' });
    await testConnection(engine, own.baseURL);
    expect(own.requests[0]?.authorization).toBe(`Bearer ${KEY}`);

    const settingsJson = { llm: { default: remote(own.baseURL), stages: { narrator: remote(other.baseURL) } } };
    const ambiguous = await engineWith({ key: KEY }, { settingsJson });
    expect(ambiguous.engine.startupProblems.join('\n')).toMatch(/2 remote servers .* sent to none/u);
    own.reply({ kind: 'completion', content: 'Ready.' });
    await testConnection(ambiguous.engine, own.baseURL);
    expect(own.requests[1]?.authorization).not.toContain(KEY);
  });
});

describe('credentials inside a base URL', () => {
  const withCredentials = 'https://storyteller:hunter2@llm.example.com/v1';

  it('are refused by settings.update and llm.testConnection, so they never reach the settings file', async () => {
    const { engine, home } = await engineWith(undefined);
    const update = await dispatch(engine.handlers, 'settings.update', {
      llm: { default: remote(withCredentials), stages: {} },
    });
    expect(update).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
    expect(JSON.stringify(update)).toMatch(/must not contain a user name or password/u);
    expect(JSON.stringify(update)).not.toContain('hunter2');
    const tested = await testConnection(engine, withCredentials);
    expect(tested).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
    const settingsFile = rootsFor(home, home).settingsFile;
    await expect(readFile(settingsFile, 'utf8').catch(() => '')).resolves.not.toContain('hunter2');
  });

  it('are refused in an --llm spec and in a settings file written by hand', async () => {
    expect(() => parseLlmSpec(`openai:${withCredentials}#m`)).toThrow(/must not contain a user name or password/u);
    const { engine } = await engineWith(undefined, { settingsJson: { llm: { default: remote(withCredentials) } } });
    expect(engine.startupProblems.join('\n')).toMatch(/must not contain a user name or password/u);
    expect(engine.startupProblems.join('\n')).not.toContain('hunter2');
    expect(await dispatch(engine.handlers, 'settings.get', {})).toMatchObject({
      ok: true,
      value: { llm: { default: null } },
    });
  });
});
