import { describe, expect, it } from 'vitest';
import { createPlayStore } from '../../../renderer/stores/play-store.ts';
import { fakeClient, failure } from './fake-client.ts';
import { message, summary } from './fixtures.ts';

const opened = (id: string, messages = [message(1), message(2)]) => ({
  summary: summary(id, { messageCount: messages.length }),
  messages,
});

async function openStore(replies: Parameters<typeof fakeClient>[0] = {}) {
  const fake = fakeClient({ 'saves.open': (params) => opened(String(params['id'])), ...replies });
  const store = createPlayStore(fake.api);
  await store.getState().open('a');
  return { store, fake };
}

describe('play store', () => {
  it('opens a save with the tail of its stream', async () => {
    const { store, fake } = await openStore();
    expect(store.getState().messages.map((m) => m.id)).toEqual([1, 2]);
    expect(store.getState().hasOlder).toBe(false);
    expect(fake.calls[0]).toEqual({ method: 'saves.open', params: { id: 'a', lastMessages: 200 } });
  });

  it('streams a turn: pending messages grow with deltas and give way to the committed ones', async () => {
    const { store } = await openStore();
    const apply = store.getState().apply;
    apply({ type: 'turn.started', saveId: 'a', turn: 2 });
    apply({ type: 'stage.started', saveId: 'a', turn: 2, stage: 'narrator', principal: 'narrator' });
    apply({
      type: 'message.pending',
      saveId: 'a',
      turn: 2,
      pendingId: '2:1',
      owner: 'narrator',
      messageType: 'narration',
      mood: null,
    });
    apply({ type: 'message.delta', saveId: 'a', pendingId: '2:1', delta: 'The kettle ' });
    apply({ type: 'message.delta', saveId: 'a', pendingId: '2:1', delta: 'sings.' });
    expect(store.getState().pending[0]?.text).toBe('The kettle sings.');
    expect(store.getState().running).toEqual({ stage: 'narrator', principal: 'narrator' });
    expect(store.getState().busy).toBe(true);
    apply({
      type: 'message.committed',
      saveId: 'a',
      message: message(3, { content: 'The kettle sings.' }),
      pendingId: '2:1',
    });
    apply({ type: 'turn.finished', saveId: 'a', turn: 2 });
    expect(store.getState().pending).toEqual([]);
    expect(store.getState().running).toBeNull();
    expect(store.getState().messages.map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('drops a withdrawn pending message, so its rewrite shows in its place under the same id', async () => {
    const { store } = await openStore();
    const apply = store.getState().apply;
    const pending = {
      type: 'message.pending',
      saveId: 'a',
      turn: 2,
      pendingId: '2:1',
      owner: 'narrator',
      messageType: 'narration',
      mood: null,
    } as const;
    apply({ type: 'turn.started', saveId: 'a', turn: 2 });
    apply(pending);
    apply({ type: 'message.delta', saveId: 'a', pendingId: '2:1', delta: 'The kettle' });
    apply({ type: 'message.withdrawn', saveId: 'a', pendingId: '2:1' });
    expect(store.getState().pending).toEqual([]);
    apply(pending);
    apply({ type: 'message.delta', saveId: 'a', pendingId: '2:1', delta: 'The fire spits.' });
    expect(store.getState().pending.map((message) => message.text)).toEqual(['The fire spits.']);
  });

  it('ignores events of other saves', async () => {
    const { store } = await openStore();
    store.getState().apply({ type: 'message.committed', saveId: 'b', message: message(9), pendingId: '9:1' });
    expect(store.getState().messages).toHaveLength(2);
  });

  it('keeps the failure and gives the input back when a turn fails', async () => {
    const { store } = await openStore({
      'play.submit': () => ({ kind: 'failed', saveId: 'a', turn: 2, stage: 'narrator', reason: 'server went away' }),
    });
    await store.getState().submit('I open the door.', 'Careful now.');
    const state = store.getState();
    expect(state.failure).toEqual({ turn: 2, stage: 'narrator', reason: 'server went away' });
    expect(state.draft).toEqual({ text: 'I open the door.', thought: 'Careful now.' });
    expect(state.busy).toBe(false);
  });

  it('sends an empty thought as null and clears the draft on success', async () => {
    const { store, fake } = await openStore({
      'play.submit': () => ({ kind: 'turn', saveId: 'a', turn: 2, messages: [message(3)] }),
    });
    store.getState().setDraft({ text: 'I wave.', thought: '' });
    await store.getState().submit('I wave.', '  ');
    expect(fake.calls.at(-1)?.params).toEqual({ saveId: 'a', text: 'I wave.', thought: null });
    expect(store.getState().draft).toEqual({ text: '', thought: '' });
    expect(store.getState().messages.map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('follows an undo into the forked save', async () => {
    const { store } = await openStore({
      'play.submit': () => ({ kind: 'forked', saveId: 'a-fork', reason: 'undo', messages: [message(1)] }),
    });
    await store.getState().submit('/undo', '');
    expect(store.getState().saveId).toBe('a-fork');
    expect(store.getState().messages.map((m) => m.id)).toEqual([1]);
  });

  it('follows save.forked into the fork a retry is played in, dropping the retried turn', async () => {
    let finish: (value: unknown) => void = () => {};
    const { store } = await openStore({
      'saves.open': () => opened('a', [message(1, { turn: 1 }), message(2, { turn: 2 })]),
      'play.submit': () => new Promise((resolve) => (finish = resolve)),
    });
    const submitting = store.getState().submit('/retry', '');
    // Events of another save are not this window's, until the engine says play moved there.
    store.getState().apply({ type: 'turn.started', saveId: 'a-fork', turn: 2 });
    expect(store.getState().saveId).toBe('a');
    store.getState().apply({ type: 'save.forked', from: 'a', to: 'a-fork', reason: 'retry' });
    expect(store.getState().saveId).toBe('a-fork');
    expect(store.getState().summary?.id).toBe('a-fork');
    store.getState().apply({ type: 'turn.started', saveId: 'a-fork', turn: 2 });
    expect(store.getState().messages.map((m) => m.id)).toEqual([1]);
    store.getState().apply({ type: 'message.committed', saveId: 'a-fork', message: message(3), pendingId: '2:1' });
    expect(store.getState().messages.map((m) => m.id)).toEqual([1, 3]);
    finish({ kind: 'turn', saveId: 'a-fork', turn: 2, messages: [] });
    await submitting;
    expect(store.getState().busy).toBe(false);
  });

  it('ignores a fork of another save', async () => {
    const { store } = await openStore();
    store.getState().apply({ type: 'save.forked', from: 'zzz', to: 'zzz-2', reason: 'undo' });
    expect(store.getState().saveId).toBe('a');
  });

  it('swaps pending messages for committed ones one by one', async () => {
    const { store } = await openStore();
    const apply = store.getState().apply;
    apply({ type: 'turn.started', saveId: 'a', turn: 2 });
    for (const pendingId of ['2:1', '2:2']) {
      apply({
        type: 'message.pending',
        saveId: 'a',
        turn: 2,
        pendingId,
        owner: 'narrator',
        messageType: 'narration',
        mood: null,
      });
    }
    apply({ type: 'message.committed', saveId: 'a', message: message(3, { turn: 2 }), pendingId: '2:1' });
    expect(store.getState().pending.map((p) => p.pendingId)).toEqual(['2:2']);
    expect(store.getState().messages.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(store.getState().busy).toBe(true);
  });

  it('shows a notice and an API error without losing a typed intention', async () => {
    const { store } = await openStore({ 'play.submit': () => failure('engine stopped') });
    await store.getState().submit('I listen.', '');
    expect(store.getState().error).toBe('engine stopped');
    expect(store.getState().draft.text).toBe('I listen.');
    store.getState().dismiss();
    expect(store.getState().error).toBeNull();
  });

  it('loads earlier pages before the first message', async () => {
    const tail = Array.from({ length: 200 }, (_, index) => message(index + 301));
    const fake = fakeClient({
      'saves.open': () => ({ summary: summary('a', { messageCount: 500 }), messages: tail }),
      'saves.messages': () => [message(299), message(300)],
    });
    const store = createPlayStore(fake.api);
    await store.getState().open('a');
    expect(store.getState().hasOlder).toBe(true);
    await store.getState().loadOlder();
    expect(fake.calls.at(-1)?.params).toEqual({ id: 'a', beforeId: 301, limit: 200 });
    expect(store.getState().messages[0]?.id).toBe(299);
    expect(store.getState().hasOlder).toBe(false);
  });
});
