import { createStore } from 'zustand/vanilla';
import type { EngineClient, EngineEvent, PlayResult } from '../engine.ts';
import { applyEvent } from './apply-event.ts';
import { mergeMessages } from './merge-messages.ts';
import { EMPTY_DRAFT, type Draft, type PlayData } from './play-types.ts';

export interface PlayState extends PlayData {
  open(saveId: string): Promise<void>;
  loadOlder(): Promise<void>;
  submit(text: string, thought: string): Promise<void>;
  cancel(): Promise<void>;
  setDraft(draft: Draft): void;
  dismiss(): void;
  close(): void;
  apply(event: EngineEvent): void;
}

export type PlayStore = ReturnType<typeof createPlayStore>;

const PAGE = 200;

const CLOSED: PlayData = {
  saveId: null,
  summary: null,
  messages: [],
  hasOlder: false,
  pending: [],
  running: null,
  busy: false,
  loadingOlder: false,
  failure: null,
  notice: null,
  error: null,
  draft: EMPTY_DRAFT,
  boundary: null,
  choices: [],
  createdNames: [],
};

/** The open save as the player sees it: its stream, the turn being written, and what the last submission did. */
export function createPlayStore(api: EngineClient) {
  return createStore<PlayState>()((set, get) => {
    // A failed turn or a notice changed nothing: the choices the player had are theirs again.
    const settle = (result: PlayResult, sent: Draft, before: readonly string[]): Partial<PlayData> => {
      switch (result.kind) {
        case 'turn':
          return {
            messages: mergeMessages(get().messages, result.messages),
            failure: null,
            choices: result.choices,
            createdNames: result.createdNames,
          };
        case 'failed':
          return {
            failure: { turn: result.turn, stage: result.stage, reason: result.reason },
            draft: sent,
            choices: before,
          };
        case 'forked':
          return {
            saveId: result.saveId,
            messages: result.messages,
            failure: null,
            hasOlder: (result.messages[0]?.id ?? 1) > 1,
            choices: result.choices,
            createdNames: result.createdNames,
          };
        case 'notice':
          return { notice: result.message, draft: sent.text.startsWith('/') ? EMPTY_DRAFT : sent, choices: before };
      }
    };
    return {
      ...CLOSED,
      async open(saveId) {
        set({ ...CLOSED, saveId });
        const opened = await api['saves.open']({ id: saveId, lastMessages: PAGE });
        if (get().saveId !== saveId) return;
        if (!opened.ok) return set({ error: opened.error.message });
        const { summary, messages, choices, createdNames } = opened.value;
        set({ summary, messages, choices, createdNames, hasOlder: messages.length < summary.messageCount });
      },
      async loadOlder() {
        const { saveId, messages, loadingOlder, hasOlder } = get();
        const first = messages[0];
        if (saveId === null || first === undefined || loadingOlder || !hasOlder) return;
        set({ loadingOlder: true });
        const page = await api['saves.messages']({ id: saveId, beforeId: first.id, limit: PAGE });
        if (get().saveId !== saveId) return set({ loadingOlder: false });
        if (!page.ok) return set({ error: page.error.message, loadingOlder: false });
        set({
          messages: mergeMessages(page.value, get().messages),
          hasOlder: page.value.length === PAGE,
          loadingOlder: false,
        });
      },
      async submit(text, thought) {
        const { saveId, busy, choices } = get();
        if (saveId === null || busy || text.trim() === '') return;
        const sent: Draft = { text, thought };
        set({ busy: true, draft: EMPTY_DRAFT, notice: null, error: null, choices: [] });
        const result = await api['play.submit']({ saveId, text, thought: thought.trim() === '' ? null : thought });
        const outcome: Partial<PlayData> = result.ok
          ? settle(result.value, sent, choices)
          : { error: result.error.message, draft: sent, choices };
        set({ ...outcome, busy: false, pending: [], running: null });
      },
      async cancel() {
        const { saveId } = get();
        if (saveId !== null) await api['play.cancel']({ saveId });
      },
      setDraft: (draft) => set({ draft }),
      dismiss: () => set({ notice: null, error: null }),
      close: () => set(CLOSED),
      apply(event) {
        const change = applyEvent(get(), event);
        if (change !== null) set(change);
      },
    };
  });
}
