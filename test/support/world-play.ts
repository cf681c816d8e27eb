import path from 'node:path';
import type { LlmObjectRequest, LlmProvider } from '../../engine/llm/index.ts';
import { manualClock } from '../../engine/platform/testing.ts';
import { openSave, type SaveStore } from '../../engine/store/index.ts';
import { PLAY_STATE_CHECKPOINT, playStateFromCheckpoint, type PlayState } from '../../engine/turn/index.ts';
import { eventsReportAt } from '../../engine/turn/classify/index.ts';
import type { LogEntry } from '../../engine/world/index.ts';
import { createInstantProvider } from './instant-provider.ts';
import { lanternQuayVariant, type LanternVariant, type VariantEdit } from './lantern-variant.ts';
import { startPlay, unwrap, type PlaySetup } from './playthrough.ts';

/**
 * A test boundary fake: the instant provider, except that each character's NPC Intent answers the intention the test
 * gives it (the world then judges it), the Narrator writes one line of narration, and every prompt is kept by stage and principal.
 */
export function intendingProvider(
  intentions: Readonly<Record<string, string>>,
  replies: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {},
) {
  const instant = createInstantProvider();
  const prompts: { stage: string; principal: string; text: string }[] = [];
  const provider: LlmProvider = {
    ...instant,
    async generateObject<T>(request: LlmObjectRequest<T>) {
      const text = request.messages.map((message) => message.content).join('\n');
      prompts.push({ stage: request.stage, principal: request.principal ?? '', text });
      const character = Object.keys(intentions).find(
        (id) => request.stage === 'npc_intent' && request.principal === id,
      );
      // The Narrator only narrates here: these tests watch the world, not the cues.
      const resolving = /^Intention to resolve — [^:]+: (.*)$/mu.exec(text)?.[1] ?? '';
      // The intention's words, shouted back and unquoted: a telling that is not the intention itself (the leak audit
      // keeps intentions to their own stages) and carries no dialog.
      const told = resolving.replace(/["“”]/gu, '').toUpperCase();
      const narration = { beats: [{ type: 'narration', content: `The Narrator tells it: ${told}` }] };
      const replyFor = replies[request.stage];
      if (replyFor !== undefined) {
        // The instant reply, with the fields this test sets (the Chronicler's weather, say).
        const base = await instant.generateObject(request);
        const value = request.schema.parse(Object.assign({}, base.value, replyFor));
        return { ...base, text: JSON.stringify(value), value };
      }
      if (character === undefined && request.stage !== 'narrator') return instant.generateObject(request);
      const reply = character === undefined ? narration : { thought: '', intention: intentions[character] ?? '' };
      const usage = { promptTokens: 0, cachedPromptTokens: 0, generatedTokens: 1, timeToFirstTokenMs: 0, totalMs: 0 };
      return { text: JSON.stringify(reply), value: request.schema.parse(reply), usage, model: 'instant', attempts: 1 };
    },
  };
  const last = (stage: string, principal?: string) =>
    prompts.findLast((p) => p.stage === stage && (principal === undefined || p.principal === principal))?.text ?? '';
  return { provider, prompts, last };
}

export interface WorldGame {
  readonly setup: PlaySetup;
  readonly variant: LanternVariant;
  readonly fake: ReturnType<typeof intendingProvider>;
  play(text: string): ReturnType<PlaySetup['api']['play.submit']>;
  /** The play state saved after the last turn (the world is its `events.world`). */
  saved(): Promise<PlayState>;
  /** The save, opened for reading (close it when done). */
  store(): Promise<SaveStore>;
  saveId(): string;
  /** Every world log the save holds, in order: each turn's own, then the boundary's that closed the scene after it. */
  worldLogs(): Promise<LogEntry[]>;
  cleanup(): Promise<void>;
}

/** The turns' world logs and the boundaries' after them, in the order they were made. */
export function savedWorldLogs(store: SaveStore): LogEntry[] {
  const turns = [...new Set(store.turns().map((turn) => turn.number))];
  return turns.flatMap((turn) => {
    const saved = playStateFromCheckpoint(store.latestCheckpoint(PLAY_STATE_CHECKPOINT, turn)?.data, store.path);
    // A command turn may carry an earlier boundary's log on: an entry's turn says whose it is.
    const boundary = (saved.events?.boundaryLog ?? []).filter((entry) => entry.turn === turn);
    return [...(eventsReportAt(store, turn)?.worldLog ?? []), ...boundary];
  });
}

/** A Lantern Quay variant played with the intending provider (seed fixed). */
export async function playVariant(
  edits: Readonly<Record<string, VariantEdit>>,
  intentions: Readonly<Record<string, string>> = {},
  replies: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {},
): Promise<WorldGame> {
  const variant = await lanternQuayVariant(edits);
  const fake = intendingProvider(intentions, replies);
  const setup = await startPlay(async () => fake.provider, undefined, variant.storiesDir);
  let saveId = unwrap(await setup.api['saves.create']({ packId: 'lantern-quay', seed: 16 })).id;
  const open = () =>
    openSave(path.join(setup.home, 'saves', saveId), { clock: manualClock(), appVersion: '0.1.0' }, 'read');
  const reading = async <T>(read: (store: SaveStore) => T): Promise<T> => {
    const store = await open();
    try {
      return read(store);
    } finally {
      store.close();
    }
  };
  return {
    setup,
    variant,
    fake,
    async play(text) {
      const result = await setup.api['play.submit']({ saveId, text });
      if (result.ok) saveId = result.value.saveId;
      return result;
    },
    saveId: () => saveId,
    store: open,
    worldLogs: () => reading(savedWorldLogs),
    saved: () =>
      reading((store) => playStateFromCheckpoint(store.latestCheckpoint(PLAY_STATE_CHECKPOINT)?.data, store.path)),
    async cleanup() {
      await setup.cleanup();
      await variant.cleanup();
    },
  };
}
