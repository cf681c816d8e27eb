import { describe, expect, it } from 'vitest';
import { createDebugStore } from '../../../renderer/stores/debug-store.ts';
import { fakeClient, failure } from './fake-client.ts';
import { truthView, turnRecord } from './truth-fixtures.ts';

// Turn ids and numbers differ on purpose: a failed turn took id 2, so committed turn 2 is id 3.
const turns = [turnRecord(1), turnRecord(2, { number: 2, status: 'failed' }), turnRecord(3, { number: 2 })];

function setup(list = turns) {
  let current = list;
  const fake = fakeClient({
    'saves.turns': () => current,
    'saves.stageCalls': () => [],
    'saves.truth': (params) => truthView({ turn: Number(params['turn']) }),
  });
  const store = createDebugStore(fake.api);
  const truthCalls = () => fake.calls.filter((call) => call.method === 'saves.truth').map((call) => call.params);
  return { store, fake, truthCalls, setTurns: (next: typeof list) => (current = next) };
}

describe('debug store: the truth panel', () => {
  it('fetches nothing of the truth set until its tab is shown, then asks for the picked turn by number', async () => {
    const { store, truthCalls } = setup();
    await store.getState().refresh('save');
    expect(truthCalls()).toEqual([]);
    await store.getState().showTab('save', 'truth');
    expect(store.getState().tab).toBe('truth');
    expect(truthCalls()).toEqual([{ id: 'save', turn: 2 }]);
    expect(store.getState().truth[3]?.turn).toBe(2);
    await store.getState().selectTurn('save', 1);
    await store.getState().selectTurn('save', 3);
    expect(truthCalls()).toEqual([
      { id: 'save', turn: 2 },
      { id: 'save', turn: 1 },
    ]);
  });

  it('asks nothing for a failed turn, which left nothing in the truth set', async () => {
    const { store, truthCalls } = setup();
    await store.getState().showTab(null, 'truth');
    await store.getState().refresh('save');
    await store.getState().selectTurn('save', 2);
    expect(truthCalls()).toEqual([{ id: 'save', turn: 2 }]);
    expect(store.getState().truth[2]).toBeUndefined();
  });

  it('after a turn, follows the story to the new last turn, but keeps an older turn that was picked', async () => {
    const { store, truthCalls, setTurns } = setup(turns.slice(0, 1));
    await store.getState().showTab(null, 'truth');
    await store.getState().refresh('save');
    expect(store.getState().selectedTurn).toBe(1);
    setTurns(turns);
    await store.getState().refresh('save');
    expect(store.getState().selectedTurn).toBe(3);
    await store.getState().selectTurn('save', 1);
    setTurns([...turns, turnRecord(4, { number: 3 })]);
    await store.getState().refresh('save');
    expect(store.getState().selectedTurn).toBe(1);
    // The refresh forgot what it had read: turn 1 is read again.
    expect(truthCalls().at(-1)).toEqual({ id: 'save', turn: 1 });
  });

  it('keeps the filter, and reports a failed fetch', async () => {
    const fake = fakeClient({ 'saves.turns': () => turns, 'saves.truth': () => failure('save is locked') });
    const store = createDebugStore(fake.api);
    store.getState().setTruthFilter('trust');
    await store.getState().showTab(null, 'truth');
    await store.getState().refresh('save');
    expect(store.getState().error).toBe('save is locked');
    expect(store.getState().truthFilter).toBe('trust');
  });
});
