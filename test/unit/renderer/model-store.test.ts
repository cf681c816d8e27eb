import { describe, expect, it } from 'vitest';
import { createModelStore } from '../../../renderer/stores/model-store.ts';
import { defaultSettings } from '../../../engine/api/index.ts';
import { fakeClient, failure } from './fake-client.ts';

describe('model store', () => {
  it('saves the default provider and keeps the per-stage overrides', async () => {
    const scripted = { kind: 'scripted' as const, file: 'x.yaml' };
    const settings = { ...defaultSettings(), llm: { default: null, stages: { narrator: scripted } } };
    const fake = fakeClient({ 'settings.get': () => settings, 'settings.update': () => settings });
    const store = createModelStore(fake.api);
    await store.getState().saveDefault({ kind: 'local', modelPath: 'small.gguf' });
    expect(fake.calls.at(-1)?.params).toEqual({
      llm: { default: { kind: 'local', modelPath: 'small.gguf' }, stages: { narrator: scripted } },
    });
    expect(store.getState().saved).toBe(true);
  });

  it('reports a failed connection test', async () => {
    const fake = fakeClient({ 'llm.testConnection': () => failure('cannot reach the endpoint') });
    const store = createModelStore(fake.api);
    await store.getState().testConnection({ kind: 'openai', baseURL: 'http://127.0.0.1:9/v1', model: 'm' });
    expect(store.getState().test).toEqual({ state: 'failed', message: 'cannot reach the endpoint' });
  });
});
