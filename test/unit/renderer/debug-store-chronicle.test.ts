import { describe, expect, it, vi } from 'vitest';
import { createDebugStore } from '../../../renderer/stores/debug-store.ts';
import { createStores } from '../../../renderer/stores/index.ts';
import type { EngineEventListener } from '../../../engine/api/index.ts';
import { fakeClient, failure } from './fake-client.ts';
import { chronicleView, knowledgeView } from './chronicle-fixtures.ts';
import { turnRecord } from './truth-fixtures.ts';

// Turn ids and numbers differ on purpose: a failed turn took id 2, so committed turn 2 is id 3.
const turns = [turnRecord(1), turnRecord(2, { number: 2, status: 'failed' }), turnRecord(3, { number: 2 })];

function setup() {
  const fake = fakeClient(replies());
  const store = createDebugStore(fake.api);
  const asked = (method: string) => fake.calls.filter((call) => call.method === method).map((call) => call.params);
  return { store, asked };
}

function replies(): Parameters<typeof fakeClient>[0] {
  return {
    'saves.turns': () => turns,
    'saves.stageCalls': () => [],
    'saves.chronicle': (params) => chronicleView({ turn: Number(params['turn']) }),
    'saves.knowledge': (params) => knowledgeView({ turn: Number(params['turn']), owner: String(params['graph']) }),
    'saves.open': () => failure('not needed'),
  };
}

describe('debug store: the Characters and Chronicle panels', () => {
  it('reads the chronicle only when its tab is shown, by turn number, each turn once, and no graph', async () => {
    const { store, asked } = setup();
    await store.getState().refresh('save');
    expect(asked('saves.chronicle')).toEqual([]);
    await store.getState().showTab('save', 'chronicle');
    await store.getState().selectTurn('save', 1);
    await store.getState().selectTurn('save', 3);
    expect(asked('saves.chronicle')).toEqual([
      { id: 'save', turn: 2 },
      { id: 'save', turn: 1 },
    ]);
    expect(store.getState().chronicle[3]?.turn).toBe(2);
    expect(asked('saves.knowledge')).toEqual([]);
  });

  it('shows the first character’s graph in the Characters tab, then the one picked, each read once per turn', async () => {
    const { store, asked } = setup();
    await store.getState().refresh('save');
    await store.getState().showTab('save', 'characters');
    expect(asked('saves.chronicle')).toEqual([{ id: 'save', turn: 2 }]);
    expect(asked('saves.knowledge')).toEqual([{ id: 'save', turn: 2, graph: 'odile-fenn' }]);
    await store.getState().pickGraph('save', 'world');
    await store.getState().pickGraph('save', 'odile-fenn');
    expect(store.getState().graph).toBe('odile-fenn');
    expect(asked('saves.knowledge')).toEqual([
      { id: 'save', turn: 2, graph: 'odile-fenn' },
      { id: 'save', turn: 2, graph: 'world' },
    ]);
    expect(Object.keys(store.getState().knowledge)).toEqual(['3:odile-fenn', '3:world']);
  });

  it('reads nothing of a failed turn', async () => {
    const { store, asked } = setup();
    await store.getState().showTab(null, 'characters');
    await store.getState().refresh('save');
    await store.getState().selectTurn('save', 2);
    expect(asked('saves.chronicle')).toEqual([{ id: 'save', turn: 2 }]);
    expect(store.getState().chronicle[2]).toBeUndefined();
  });

  it('reads the chronicle again on a refresh, as the drawer does when a scene boundary ends', async () => {
    const { store, asked } = setup();
    await store.getState().showTab(null, 'chronicle');
    expect(asked('saves.turns')).toEqual([]);
    await store.getState().refresh('save');
    await store.getState().refresh('save');
    expect(asked('saves.chronicle')).toEqual([
      { id: 'save', turn: 2 },
      { id: 'save', turn: 2 },
    ]);
  });

  it('hears from the engine that the open save’s boundary ended, and of no other save or unfinished step', async () => {
    const fake = fakeClient(replies());
    let emit: EngineEventListener = () => {};
    const stores = createStores({ api: fake.api, subscribe: (listener) => ((emit = listener), () => {}) });
    await stores.play.getState().open('save');
    stores.debug.getState().toggle();
    const boundary = { type: 'boundary.progress', part: 'whole', turn: 2, step: 'checkpoint', total: 8 } as const;
    emit({ ...boundary, saveId: 'save', status: 'started', done: 7 });
    // The drawer reads the save again when the open save's boundary stops running (DebugPanel's refresh effect).
    const running = () => stores.play.getState().boundary !== null;
    expect(running()).toBe(true);
    emit({ ...boundary, saveId: 'other', status: 'done', done: 8 });
    emit({ ...boundary, saveId: 'save', status: 'done', done: 7 });
    expect(running()).toBe(true);
    emit({ ...boundary, saveId: 'save', status: 'done', done: 8 });
    expect(running()).toBe(false);
    // The stores themselves read nothing on a boundary event: a closed drawer reads the save afresh when it opens.
    expect(fake.calls.filter((call) => call.method === 'saves.turns')).toEqual([]);
  });

  it('drops a reply asked for before a refresh: a late read of one save never lands under another’s turn', async () => {
    let answerFirst: (value: unknown) => void = () => {};
    const fake = fakeClient({
      ...replies(),
      'saves.chronicle': (params) =>
        params['id'] === 'first'
          ? new Promise((resolve) => (answerFirst = resolve))
          : chronicleView({ turn: Number(params['turn']) }),
    });
    const store = createDebugStore(fake.api);
    await store.getState().showTab(null, 'chronicle');
    const first = store.getState().refresh('first');
    await vi.waitFor(() => expect(fake.calls.some((call) => call.method === 'saves.chronicle')).toBe(true));
    await store.getState().refresh('second');
    expect(store.getState().chronicle[3]?.turn).toBe(2);
    answerFirst(chronicleView({ turn: 99 }));
    await first;
    expect(store.getState().chronicle[3]?.turn).toBe(2);
    expect(store.getState().error).toBeNull();
  });

  it('forgets a graph picked in one save when the next save has no such character', async () => {
    const fake = fakeClient({
      ...replies(),
      'saves.chronicle': (params) => {
        const view = chronicleView({ turn: Number(params['turn']) });
        // The second save's story has no Jory.
        const characters = view.characters.filter((character) => params['id'] === 'first' || character.id !== 'jory');
        return { ...view, characters };
      },
    });
    const store = createDebugStore(fake.api);
    const knowledgeAsked = () => fake.calls.filter((call) => call.method === 'saves.knowledge').map((c) => c.params);
    await store.getState().showTab(null, 'characters');
    await store.getState().refresh('first');
    await store.getState().pickGraph('first', 'jory');
    await store.getState().refresh('second');
    expect(knowledgeAsked()).toEqual([
      { id: 'first', turn: 2, graph: 'odile-fenn' },
      { id: 'first', turn: 2, graph: 'jory' },
      { id: 'second', turn: 2, graph: 'odile-fenn' },
    ]);
    expect(Object.keys(store.getState().knowledge)).toEqual(['3:odile-fenn']);
  });

  it('reports a failed read', async () => {
    const fake = fakeClient({ 'saves.turns': () => turns, 'saves.chronicle': () => failure('save is locked') });
    const store = createDebugStore(fake.api);
    await store.getState().showTab(null, 'characters');
    await store.getState().refresh('save');
    expect(store.getState().error).toBe('save is locked');
    expect(fake.calls.some((call) => call.method === 'saves.knowledge')).toBe(false);
  });
});
