import { describe, expect, it } from 'vitest';
import { createDebugStore } from '../../../renderer/stores/debug-store.ts';
import { fakeClient, failure } from './fake-client.ts';
import { contextView, landscapeView } from './storykeeper-fixtures.ts';
import { turnRecord } from './truth-fixtures.ts';

// Turn ids and numbers differ on purpose: a failed turn took id 2, so committed turn 2 is id 3.
const turns = [turnRecord(1), turnRecord(2, { number: 2, status: 'failed' }), turnRecord(3, { number: 2 })];

function setup(list = turns) {
  let current = list;
  const fake = fakeClient({
    'saves.turns': () => current,
    'saves.stageCalls': () => [],
    'saves.landscape': (params) => landscapeView({ turn: Number(params['turn']) }),
    'saves.context': (params) => contextView({ turn: Number(params['turn']) }),
  });
  const store = createDebugStore(fake.api);
  const asked = (method: string) => fake.calls.filter((call) => call.method === method).map((call) => call.params);
  return { store, asked, setTurns: (next: typeof list) => (current = next) };
}

describe('debug store: the Storykeeper panels', () => {
  it('reads the landscape only when its tab is shown, by turn number, and each turn once', async () => {
    const { store, asked } = setup();
    await store.getState().refresh('save');
    expect(asked('saves.landscape')).toEqual([]);
    await store.getState().showTab('save', 'landscape');
    expect(asked('saves.landscape')).toEqual([{ id: 'save', turn: 2 }]);
    expect(store.getState().landscape[3]?.turn).toBe(2);
    await store.getState().selectTurn('save', 1);
    await store.getState().selectTurn('save', 3);
    expect(asked('saves.landscape')).toEqual([
      { id: 'save', turn: 2 },
      { id: 'save', turn: 1 },
    ]);
    expect(asked('saves.context')).toEqual([]);
  });

  it('reads the context of the turn picked when its tab is shown, and nothing for a failed turn', async () => {
    const { store, asked } = setup();
    await store.getState().showTab(null, 'context');
    await store.getState().refresh('save');
    await store.getState().selectTurn('save', 2);
    await store.getState().selectTurn('save', 1);
    expect(asked('saves.context')).toEqual([
      { id: 'save', turn: 2 },
      { id: 'save', turn: 1 },
    ]);
    expect(store.getState().context[2]).toBeUndefined();
    expect(store.getState().context[1]?.turn).toBe(1);
  });

  it('after a turn commits, forgets what it read and follows the story to the new last turn', async () => {
    const { store, asked, setTurns } = setup(turns.slice(0, 1));
    await store.getState().showTab(null, 'landscape');
    await store.getState().refresh('save');
    setTurns(turns);
    await store.getState().refresh('save');
    expect(store.getState().selectedTurn).toBe(3);
    expect(Object.keys(store.getState().landscape)).toEqual(['3']);
    expect(asked('saves.landscape')).toEqual([
      { id: 'save', turn: 1 },
      { id: 'save', turn: 2 },
    ]);
  });

  it('reports a failed read', async () => {
    const fake = fakeClient({ 'saves.turns': () => turns, 'saves.context': () => failure('save is locked') });
    const store = createDebugStore(fake.api);
    await store.getState().showTab(null, 'context');
    await store.getState().refresh('save');
    expect(store.getState().error).toBe('save is locked');
  });
});
