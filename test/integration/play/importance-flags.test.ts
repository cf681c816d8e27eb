import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createScriptedProvider, loadScript, type ScriptEntryInput } from '../../../engine/llm/index.ts';
import { NPC_STATE_CHECKPOINT, npcStateFromCheckpoint } from '../../../engine/boundary/index.ts';
import { IMPORTANCE_FLAGS_CHECKPOINT } from '../../../engine/turn/index.ts';
import { STORIES_DIR, startPlay, unwrap, type PlaySetup } from '../../support/playthrough.ts';
import { openTestSave } from '../../support/saves.ts';

const TIERS_NOTE = "This turn opens a scene. The characters' tiers now";
const PROMOTED_BECAUSE = 'His ruined book is the thread the morning hangs on.';

let setup: PlaySetup | null = null;
afterEach(async () => {
  await setup?.cleanup();
  setup = null;
});

/** The tutorial's first-morning replies, the opening Narrator's script carrying importance_flags. */
async function flaggingScript(): Promise<ScriptEntryInput[]> {
  const fixture = path.join(STORIES_DIR, 'tutorial', 'fixtures', 'first-morning.yaml');
  const entries: ScriptEntryInput[] = (await loadScript(fixture)).map(({ entry }) => entry);
  const first = entries.findIndex((entry) => entry.stage === 'narrator');
  const narrator = entries[first];
  const reply = narrator?.reply;
  if (narrator === undefined || typeof reply !== 'object' || Array.isArray(reply))
    throw new Error('no scripted opening narrator');
  entries[first] = {
    ...narrator,
    expect: [TIERS_NOTE, 'arc_important: odile-fenn; significant: tobias-quell'],
    reply: {
      ...reply,
      importance_flags: {
        upgrade_requests: [
          { character: 'tobias-quell', requested: 'arc_important', reason: PROMOTED_BECAUSE },
          { character: 'odile-fenn', requested: 'arc_important', reason: 'She runs the shop.' },
        ],
        downgrade_requests: [],
      },
    },
  };
  return entries;
}

describe("the Narrator's importance_flags at a scene opening", () => {
  it('change the roster the turn commits, report what was refused, and appear in no later turn’s prompt', async () => {
    const provider = await createScriptedProvider({ entries: await flaggingScript() });
    setup = await startPlay(async () => provider);
    const save = unwrap(await setup.api['saves.create']({ packId: 'tutorial', personaId: 'robin-ashby', seed: 7 }));
    const { api } = setup;
    const play = async (text: string) => unwrap(await api['play.submit']({ saveId: save.id, text }));
    expect((await play('I hang up my coat and tell Odile I am ready to learn.')).kind).toBe('turn');
    expect((await play('/whisper odile-fenn I admit, quietly, that scissors frighten me.')).kind).toBe('turn');

    const store = await openTestSave(path.join(setup.home, 'saves', save.id));
    try {
      const npc = npcStateFromCheckpoint(store.latestCheckpoint(NPC_STATE_CHECKPOINT)?.data, store.path);
      expect(npc.roster?.characters['tobias-quell']?.tier).toBe('arc_important');
      expect(store.latestCheckpoint(IMPORTANCE_FLAGS_CHECKPOINT)?.data).toEqual({
        changes: [
          expect.objectContaining({ character: 'tobias-quell', to: 'arc_important', reason: PROMOTED_BECAUSE }),
        ],
        refused: [expect.objectContaining({ why: 'already arc_important' })],
      });
      const narratorPrompts = store
        .turns()
        .flatMap((turn) => store.stageCalls(turn.id))
        .filter((call) => call.stage === 'narrator')
        .map((call) => call.prompt.map((message) => message.content).join('\n'));
      // Only the opening's first Narrator call, the one resolving the persona's intention, hears of the tiers.
      const [opening, ...rest] = narratorPrompts.map((prompt) => prompt.includes(TIERS_NOTE));
      expect(opening).toBe(true);
      expect(rest.length).toBeGreaterThan(1);
      expect(rest.every((noted) => !noted)).toBe(true);
    } finally {
      store.close();
    }
  });
});
