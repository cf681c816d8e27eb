import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createScriptedProvider, loadScript, type ScriptEntryInput } from '../../../engine/llm/index.ts';
import { CHOICES_CHECKPOINT } from '../../../engine/turn/index.ts';
import { STORIES_DIR, startPlay, unwrap, type PlaySetup } from '../../support/playthrough.ts';
import { openTestSave } from '../../support/saves.ts';

const ASKED = 'might do next';
const OFFERED = ['Ask Kit who Mr. Pell drank with', 'Pay the girl to dry your coat', 'Warm your hands at the fire'];
const TURN_1 =
  'I stamp the coach mud off my boots by the fire and ask the landlady whether Riding Officer Thomas Pell lodges or drinks here.';
const TURN_2 =
  '/whisper kit-wickett I keep my coat on, but press a penny into her palm and ask, under the fiddle, who here might know where Mr. Pell has gone.';

let setup: PlaySetup | null = null;
afterEach(async () => {
  await setup?.cleanup();
  setup = null;
});

/** Lantern Quay's arrival replies; with `choices`, turn 1's last Narrator script (Kit's round) offers them. */
async function arrivalScript(choices: readonly string[] | null): Promise<ScriptEntryInput[]> {
  const fixture = path.join(STORIES_DIR, 'lantern-quay', 'fixtures', 'arrival.yaml');
  const entries: ScriptEntryInput[] = (await loadScript(fixture)).map(({ entry }) => entry);
  if (choices === null) return entries;
  const narrators = entries.flatMap((entry, index) => (entry.stage === 'narrator' ? [index] : []));
  const index = narrators[2] ?? -1;
  const narrator = entries[index];
  const reply = narrator?.reply;
  if (narrator === undefined || typeof reply !== 'object' || Array.isArray(reply))
    throw new Error('no scripted narrator for turn 1’s last round');
  entries[index] = {
    ...narrator,
    expect: ['offer to dry their greatcoat by the fire', ASKED],
    reply: { ...reply, choices },
  };
  return entries;
}

async function begin(choices: readonly string[] | null) {
  const provider = await createScriptedProvider({ entries: await arrivalScript(choices) });
  setup = await startPlay(async () => provider);
  const { api } = setup;
  const save = unwrap(await api['saves.create']({ packId: 'lantern-quay', personaId: 'sam-fairweather', seed: 16 }));
  return { api, home: setup.home, saveId: save.id };
}

async function narratorPrompts(home: string, saveId: string): Promise<string[][]> {
  const store = await openTestSave(path.join(home, 'saves', saveId));
  try {
    return store.turns().map((turn) =>
      store
        .stageCalls(turn.id)
        .filter((call) => call.stage === 'narrator')
        .map((call) => call.prompt.map((message) => message.content).join('\n')),
    );
  } finally {
    store.close();
  }
}

describe("the Narrator's suggested next actions", () => {
  it('come with the turn whose last prose offered them, go with the next, and come back with /undo', async () => {
    const { api, home, saveId } = await begin(OFFERED);
    const first = unwrap(await api['play.submit']({ saveId, text: TURN_1 }));
    expect(first.kind === 'turn' && first.choices).toEqual(OFFERED);
    expect(unwrap(await api['saves.open']({ id: saveId, lastMessages: 0 })).choices).toEqual(OFFERED);

    const second = unwrap(await api['play.submit']({ saveId, text: TURN_2 }));
    expect(second.kind === 'turn' && second.choices).toEqual([]);
    expect(unwrap(await api['saves.open']({ id: saveId, lastMessages: 0 })).choices).toEqual([]);
    unwrap(await api['play.settle']({ saveId }));

    // Only the call writing each turn's last prose was asked: here Kit's round in turn 1, Kit's in turn 2.
    const asked = (await narratorPrompts(home, saveId)).map((turn) => turn.map((prompt) => prompt.includes(ASKED)));
    expect(asked).toEqual([
      [false, false, true],
      [false, false, true],
    ]);

    const undone = unwrap(await api['play.submit']({ saveId, text: '/undo' }));
    expect(undone.kind).toBe('forked');
    expect(undone.kind === 'forked' && undone.choices).toEqual(OFFERED);
    const fork = unwrap(await api['saves.open']({ id: undone.saveId, lastMessages: 0 }));
    expect(fork.choices).toEqual(OFFERED);
    const store = await openTestSave(path.join(home, 'saves', undone.saveId));
    try {
      expect(store.latestCheckpoint(CHOICES_CHECKPOINT)?.data).toEqual({ choices: OFFERED });
    } finally {
      store.close();
    }
  });

  it('are never asked for once the player turns them off', async () => {
    const { api, home, saveId } = await begin(null);
    unwrap(await api['settings.update']({ play: { choices: false } }));
    const first = unwrap(await api['play.submit']({ saveId, text: TURN_1 }));
    expect(first.kind === 'turn' && first.choices).toEqual([]);
    unwrap(await api['play.settle']({ saveId }));
    const prompts = (await narratorPrompts(home, saveId)).flat();
    expect(prompts.length).toBe(3);
    expect(prompts.some((prompt) => prompt.includes(ASKED))).toBe(false);
  });
});
