import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlayResult } from '../../../engine/api/index.ts';
import { createScriptedProvider, type ScriptEntryInput } from '../../../engine/llm/index.ts';
import { openSave } from '../../../engine/store/index.ts';
import { PLAY_STATE_CHECKPOINT } from '../../../engine/turn/index.ts';
import { manualClock } from '../../../engine/platform/testing.ts';
import { startPlay, unwrap, type PlaySetup } from '../../support/playthrough.ts';

// The tutorial's shop: Odile (baked) always acts, so one turn calls every turn stage in a fixed order.
const intent = 'I ask Odile where the bone folder lives.';
function goodTurn(): ScriptEntryInput[] {
  return [
    {
      stage: 'narrator',
      reply: {
        beats: [
          { type: 'narration', content: 'Odile looks up.' },
          { type: 'cue', character: 'odile-fenn', mood: 'amused', context: 'asked' },
        ],
      },
    },
    {
      stage: 'persona_extractor',
      reply: { changes: [{ name: 'curious about everything', level: 11, category: 'mood' }], summary: 's' },
    },
    { stage: 'character_dialog', reply: 'Top drawer, love.' },
    {
      stage: 'lore_extractor',
      reply: { facts: [{ key: 'bone folder', content: 'Kept in the top drawer.' }], summary: 's' },
    },
    { stage: 'npc_intent', reply: { thought: 'Eager.', intention: 'Open the drawer.' } },
    { stage: 'narrator', reply: { beats: [{ type: 'narration', content: 'The drawer squeaks.' }] } },
    {
      stage: 'character_extractor',
      reply: { changes: [{ name: 'aching hands', level: 8, category: 'body' }], summary: 's' },
    },
    { stage: 'lore_extractor', reply: { facts: [], summary: 's' } },
  ];
}

type Breakage = { readonly name: string; readonly entries: (stage: ScriptEntryInput['stage']) => ScriptEntryInput[] };
const breakages: readonly Breakage[] = [
  { name: 'a provider error', entries: (stage) => [{ stage, error: 'provider', message: 'server went away' }] },
  {
    name: 'malformed output',
    // Dialog is free text: its malformed reply is an empty one, which is retried once before the stage fails.
    entries: (stage) =>
      stage === 'character_dialog'
        ? [
            { stage, reply: '   ' },
            { stage, reply: '' },
          ]
        : [{ stage, reply: '{"beats": [' }],
  },
  { name: 'a timeout', entries: (stage) => [{ stage, error: 'timeout', message: 'no answer in time' }] },
  { name: 'an abort', entries: (stage) => [{ stage, delayMs: 5_000, reply: 'never used' }] },
];
const stages = [
  'narrator',
  'persona_extractor',
  'character_dialog',
  'lore_extractor',
  'npc_intent',
  'character_extractor',
] as const;

/**
 * The first turn succeeds, the second breaks at `stage` the given way, the retry then succeeds. Which entries of the
 * broken turn its parallel siblings consumed before the failure depends on timing, so every reply here suits any call
 * of its stage and a spare turn of replies follows.
 */
function script(stage: (typeof stages)[number], breakage: Breakage): ScriptEntryInput[] {
  const second = goodTurn();
  const index = second.findIndex((entry) => entry.stage === stage);
  const broken = [...second.slice(0, index), ...breakage.entries(stage), ...second.slice(index + 1)];
  return [...goodTurn(), ...broken, ...goodTurn(), ...goodTurn()];
}

let setup: PlaySetup | null = null;
afterEach(async () => {
  await setup?.cleanup();
  setup = null;
});

function fingerprint(home: string, saveId: string) {
  return openSave(path.join(home, 'saves', saveId), { clock: manualClock(), appVersion: '0.1.0' }).then((store) => {
    const result = {
      messages: store.messagesBefore(null, 10_000).map(({ id, turnNumber, seq, owner, type, content, mood }) => ({
        id,
        turnNumber,
        seq,
        owner,
        type,
        content,
        mood,
      })),
      state: store.latestCheckpoint(PLAY_STATE_CHECKPOINT)?.data,
      rng: store.meta().rngState,
      turns: store.turns().map(({ number, status, failure }) => ({ number, status, failure })),
    };
    store.close();
    return result;
  });
}

describe('a failed turn changes nothing', () => {
  for (const breakage of breakages) {
    it.each(stages)(
      `when %s fails with ${breakage.name}: stream and state stay as they were, and a retry succeeds`,
      async (stage) => {
        const provider = await createScriptedProvider({ entries: script(stage, breakage) });
        setup = await startPlay(async () => provider);
        const api = setup.api;
        const save = unwrap(await api['saves.create']({ packId: 'tutorial', seed: 3 }));
        expect(unwrap(await api['play.submit']({ saveId: save.id, text: intent })).kind).toBe('turn');
        const before = await fingerprint(setup.home, save.id);

        const pending = api['play.submit']({ saveId: save.id, text: intent });
        if (breakage.name === 'an abort') {
          await expect
            .poll(() =>
              setup?.events.some(
                (event) => event.type === 'stage.started' && event.stage === stage && event.turn === 2,
              ),
            )
            .toBe(true);
          await api['play.cancel']({ saveId: save.id });
        }
        const failed: PlayResult = unwrap(await pending);
        expect(failed).toMatchObject({ kind: 'failed', turn: 2, stage });
        if (failed.kind === 'failed') expect(failed.reason.length).toBeGreaterThan(3);

        const after = await fingerprint(setup.home, save.id);
        expect(after.messages).toEqual(before.messages);
        expect(after.state).toEqual(before.state);
        expect(after.rng).toEqual(before.rng);
        expect(after.turns.at(-1)).toMatchObject({ number: 2, status: 'failed', failure: { stage } });
        expect(setup.events.filter((event) => event.type === 'turn.failed')).toHaveLength(1);

        const retried = unwrap(await api['play.submit']({ saveId: save.id, text: '/retry' }));
        expect(retried).toMatchObject({ kind: 'turn', turn: 2 });
        const final = await fingerprint(setup.home, save.id);
        expect(final.messages.slice(0, before.messages.length)).toEqual(before.messages);
        const retriedTypes = final.messages
          .filter((message) => message.turnNumber === 2)
          .map((message) => message.type);
        expect(retriedTypes.slice(0, 2)).toEqual(['intention', 'narration']);
      },
    );
  }
});
