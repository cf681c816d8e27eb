import { describe, expect, it } from 'vitest';
import { createLibraryStore } from '../../../renderer/stores/library-store.ts';
import { createDebugStore } from '../../../renderer/stores/debug-store.ts';
import { createSettingsStore } from '../../../renderer/stores/settings-store.ts';
import { defaultSettings } from '../../../engine/api/index.ts';
import { fakeClient, failure } from './fake-client.ts';
import { summary } from './fixtures.ts';

describe('library store', () => {
  it('loads packs and saves, newest save first, and forgets a deleted one', async () => {
    const fake = fakeClient({
      'packs.list': () => [],
      'saves.list': () => ({
        saves: [summary('old', { updatedAt: 1 }), summary('new', { updatedAt: 5 })],
        unreadable: [],
      }),
      'saves.delete': (params) => ({ deleted: params['id'] }),
    });
    const store = createLibraryStore(fake.api);
    await store.getState().load();
    expect(store.getState().saves.map((save) => save.id)).toEqual(['new', 'old']);
    expect(store.getState().loaded).toBe(true);
    await store.getState().remove('old');
    expect(store.getState().saves.map((save) => save.id)).toEqual(['new']);
  });

  it('creates a save with the chosen persona and reports errors', async () => {
    const fake = fakeClient({
      'saves.create': (params) => summary('created', { personaId: String(params['personaId']) }),
      'saves.list': () => ({ saves: [], unreadable: [] }),
      'saves.rename': () => failure('title taken'),
    });
    const store = createLibraryStore(fake.api);
    const created = await store.getState().create('tutorial', { personaId: 'robin-ashby', greeting: null });
    expect(created?.personaId).toBe('robin-ashby');
    expect(fake.calls[0]?.params).toEqual({ packId: 'tutorial', personaId: 'robin-ashby' });
    await store.getState().create('tutorial', { personaId: null, greeting: 2 });
    const creates = fake.calls.filter((call) => call.method === 'saves.create');
    expect(creates.at(-1)?.params).toEqual({ packId: 'tutorial', greeting: 2 });
    await store.getState().rename('created', 'x');
    expect(store.getState().error).toBe('title taken');
  });
});

describe('debug store', () => {
  it('lists the turns and opens the last one’s stage calls', async () => {
    const turn = (id: number) => ({
      id,
      number: id,
      status: 'committed' as const,
      input: '{}',
      startedAt: 0,
      durationMs: 1,
      failureStage: null,
      failureReason: null,
    });
    const fake = fakeClient({
      'saves.turns': () => [turn(1), turn(2)],
      'saves.stageCalls': (params) => [{ seq: 1, stage: 'narrator', turnId: params['turnId'] }],
    });
    const store = createDebugStore(fake.api);
    store.getState().toggle();
    await store.getState().refresh('a');
    expect(store.getState().open).toBe(true);
    expect(store.getState().selectedTurn).toBe(2);
    expect(store.getState().calls[2]).toHaveLength(1);
    await store.getState().selectTurn('a', 2);
    expect(fake.calls.filter((call) => call.method === 'saves.stageCalls')).toHaveLength(1);
  });
});

describe('settings store', () => {
  it('applies an appearance change at once and keeps what the engine saved', async () => {
    const saved = {
      ...defaultSettings(),
      appearance: { theme: 'dark' as const, font: 'serif' as const, fontSize: 18 },
    };
    const fake = fakeClient({ 'settings.get': () => defaultSettings(), 'settings.update': () => saved });
    const store = createSettingsStore(fake.api);
    await store.getState().load();
    await store.getState().updateAppearance({ theme: 'dark' });
    expect(store.getState().settings?.appearance.theme).toBe('dark');
    expect(fake.calls.at(-1)?.params).toEqual({ appearance: saved.appearance });
  });

  it('goes back to the previous appearance when saving fails', async () => {
    const fake = fakeClient({ 'settings.get': () => defaultSettings(), 'settings.update': () => failure('disk full') });
    const store = createSettingsStore(fake.api);
    await store.getState().load();
    await store.getState().updateAppearance({ theme: 'sepia' });
    expect(store.getState().settings?.appearance.theme).toBe('light');
    expect(store.getState().error).toBe('disk full');
  });
});
