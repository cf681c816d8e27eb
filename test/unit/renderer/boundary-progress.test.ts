import { describe, expect, it } from 'vitest';
import { createPlayStore } from '../../../renderer/stores/play-store.ts';
import type { EngineEvent } from '../../../engine/api/index.ts';
import { boundaryLabel } from '../../../renderer/play/boundary-label.ts';
import { fakeClient } from './fake-client.ts';
import { message, summary } from './fixtures.ts';

async function openStore() {
  const fake = fakeClient({
    'saves.open': (params) => ({ summary: summary(String(params['id'])), messages: [message(1)] }),
  });
  const store = createPlayStore(fake.api);
  await store.getState().open('a');
  return store;
}

const progress = (status: 'started' | 'done' | 'retrying' | 'failed', done: number, saveId = 'a'): EngineEvent => ({
  type: 'boundary.progress',
  part: 'whole',
  saveId,
  turn: 3,
  step: 'chronicler',
  status,
  done,
  total: 8,
});

describe('play store: the scene boundary in the background', () => {
  it('follows the boundary of the open save step by step while the player may still send', async () => {
    const store = await openStore();
    store.getState().apply(progress('started', 3));
    expect(store.getState().boundary).toEqual({
      work: 'scene_boundary',
      turn: 3,
      step: 'chronicler',
      status: 'started',
      done: 3,
      total: 8,
    });
    expect(store.getState().busy).toBe(false);
    store.getState().apply(progress('retrying', 3));
    expect(store.getState().boundary?.status).toBe('retrying');
  });

  it('names the reflections apart from the rest of the boundary, which the next turn waits for', async () => {
    const store = await openStore();
    const at = { type: 'boundary.progress', saveId: 'a', turn: 3, status: 'started', done: 0 } as const;
    store.getState().apply({ ...at, part: 'scene', step: 'chronicler', total: 7 });
    const scene = store.getState().boundary;
    expect(scene === null ? '' : boundaryLabel(scene)).toBe('The world moves on… 0 of 7');
    store.getState().apply({ ...at, part: 'reflections', step: 'character_reflection', total: 2 });
    const reflections = store.getState().boundary;
    expect(reflections?.work).toBe('reflections');
    expect(reflections === null ? '' : boundaryLabel(reflections)).toBe('The characters remember… 0 of 2');
  });

  it('lets the indicator go when the boundary finishes or fails (the next turn reports a failure)', async () => {
    const store = await openStore();
    store.getState().apply(progress('started', 7));
    store.getState().apply(progress('done', 8));
    expect(store.getState().boundary).toBeNull();
    store.getState().apply(progress('started', 2));
    store.getState().apply(progress('failed', 2));
    expect(store.getState().boundary).toBeNull();
  });

  it('ignores another save’s boundary, and forgets its own when the story continues in a fork', async () => {
    const store = await openStore();
    store.getState().apply(progress('started', 1, 'b'));
    expect(store.getState().boundary).toBeNull();
    store.getState().apply(progress('started', 1));
    store.getState().apply({ type: 'save.forked', from: 'a', to: 'c', reason: 'undo' });
    expect(store.getState().boundary).toBeNull();
  });

  it('shows the after-turn work of a turn the same quiet way, and lets it go when done', async () => {
    const store = await openStore();
    const work = { type: 'after_turn.progress', saveId: 'a', turn: 4, step: '1.lore_extractor', total: 5 } as const;
    store.getState().apply({ ...work, status: 'started', done: 1 });
    expect(store.getState().boundary).toMatchObject({ work: 'after_turn', turn: 4, done: 1, total: 5 });
    expect(store.getState().busy).toBe(false);
    store.getState().apply({ ...work, step: 'apply', status: 'done', done: 5 });
    expect(store.getState().boundary).toBeNull();
  });
});
