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

  it('overrides one stage and puts it back on the default', async () => {
    const local = { kind: 'local' as const, modelPath: 'big.gguf' };
    let settings = { ...defaultSettings(), llm: { default: local, stages: {} } };
    const fake = fakeClient({
      'settings.get': () => settings,
      'settings.update': (params) => (settings = { ...settings, ...params }),
    });
    const store = createModelStore(fake.api);
    const remote = { kind: 'openai' as const, baseURL: 'http://127.0.0.1:8080/v1', model: 'small' };
    await store.getState().saveStage('lore_extractor', remote);
    expect(settings.llm).toEqual({ default: local, stages: { lore_extractor: remote } });
    await store.getState().saveStage('lore_extractor', null);
    expect(settings.llm).toEqual({ default: local, stages: {} });
  });

  it('follows a download: started, progress events, cancel, resume, done', async () => {
    const uri = 'hf:someone/small.gguf';
    const fake = fakeClient({
      'models.download': () => ({ downloadId: 'd1' }),
      'models.cancelDownload': () => ({ cancelled: true }),
      'models.list': () => ({ local: [], catalog: [], speeds: {}, cpuCores: 2 }),
    });
    const store = createModelStore(fake.api);
    await store.getState().download(uri, 'small.gguf');
    expect(store.getState().downloads[uri]).toMatchObject({ downloadId: 'd1', state: 'downloading' });
    const progress = {
      downloadId: 'd1',
      uri,
      fileName: 'small.gguf',
      downloadedBytes: 50,
      totalBytes: 100,
      bytesPerSecond: 10,
      state: 'downloading' as const,
    };
    store.getState().onProgress(progress);
    expect(store.getState().downloads[uri]?.downloadedBytes).toBe(50);
    await store.getState().cancelDownload(uri);
    expect(fake.calls.at(-1)).toEqual({ method: 'models.cancelDownload', params: { downloadId: 'd1' } });
    expect(store.getState().downloads[uri]?.state).toBe('cancelled');
    await store.getState().download(uri, 'small.gguf');
    expect(store.getState().downloads[uri]).toMatchObject({ state: 'downloading', downloadedBytes: 50 });
    store.getState().onProgress({ ...progress, downloadedBytes: 100, state: 'done' });
    expect(store.getState().downloads[uri]?.state).toBe('done');
    await Promise.resolve();
    expect(fake.calls.some((call) => call.method === 'models.list')).toBe(true);
  });
});

describe('model store: speed on this machine', () => {
  const measured = {
    sizeBytes: 1,
    modifiedMs: 1,
    measuredAt: '2026-11-25T17:00:00.000Z',
    threads: 2,
    promptTokensPerSecond: 240,
    generatedTokensPerSecond: 18,
    parallel2Speedup: 1.7,
    stories: [],
  };

  it('shows the step under way while a model is measured, then keeps its figures', async () => {
    let finish: (value: typeof measured) => void = () => {};
    const fake = fakeClient({ 'models.bench': () => new Promise((resolve) => (finish = resolve)) });
    const store = createModelStore(fake.api);
    const measuring = store.getState().measure('/models/a.gguf');
    expect(store.getState().measuring).toEqual({ '/models/a.gguf': 'starting' });
    store.getState().onSpeedEvent({ type: 'model.bench', path: '/models/a.gguf', step: 'app: warm-up' });
    store.getState().onSpeedEvent({ type: 'model.bench', path: '/models/other.gguf', step: 'ignored' });
    expect(store.getState().measuring).toEqual({ '/models/a.gguf': 'app: warm-up' });
    finish(measured);
    await measuring;
    expect(store.getState().measuring).toEqual({});
    expect(store.getState().speeds['/models/a.gguf']).toEqual(measured);
  });

  it('keeps the latest slow-generation warning for the debug drawer', () => {
    const store = createModelStore(fakeClient({}).api);
    const notice = { model: 'm', tokensPerSecond: 1.4, expectedTokensPerSecond: 16.7, threads: 2 };
    store.getState().onSpeedEvent({ type: 'llm.slow', ...notice });
    expect(store.getState().slow).toEqual(notice);
  });
});
