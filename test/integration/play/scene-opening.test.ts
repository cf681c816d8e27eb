import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createScriptedProvider, loadScript, type ScriptEntryInput } from '../../../engine/llm/index.ts';
import { SCENE_OPENINGS_CHECKPOINT } from '../../../engine/turn/index.ts';
import { STORIES_DIR, startPlay, unwrap, type PlaySetup } from '../../support/playthrough.ts';
import { commitCheckpoints, openTestSave } from '../../support/saves.ts';

const MANIFESTING = 'MANIFEST: the bell over the shop door rings though nobody has come in';
const HIGH = 'HIGH-SEEK: wants Robin to fetch her spectacles from the bindery before noon';
const MEDIUM = 'MEDIUM-SEEK: means to ask Robin about the missing gilt';

/** An npc_state as the scene-boundary checkpoint writes it: a chronicle and two characters seeking the persona. */
function npcState(): unknown {
  const pending = (character: string, urgency: string, what: string) => ({
    id: `${character}@1`,
    character,
    urgency,
    what,
    raisedAt: 0,
    cycle: 1,
  });
  return {
    version: 1,
    knowledge: { version: 1, nextSeq: 1, world: [], persona: [], characters: {} },
    roster: null,
    relationships: null,
    simulation: {
      version: 1,
      cycle: 1,
      pending: [pending('odile-fenn', 'high', HIGH), pending('odile-fenn-later', 'medium', MEDIUM)],
    },
    chronicle: {
      version: 1,
      cycle: 1,
      at: 0,
      story_state: {},
      writer_guidance: { manifesting_now: [MANIFESTING], weave_in: ['The young man pacing on Wren Lane.'] },
    },
  };
}

let setup: PlaySetup | null = null;
afterEach(async () => {
  await setup?.cleanup();
  setup = null;
});

describe('the Narrator at a scene opening', () => {
  it('receives the Chronicler’s manifesting_now as mandatory and a high-urgency interaction, and marks them offered', async () => {
    const fixture = path.join(STORIES_DIR, 'tutorial', 'fixtures', 'first-morning.yaml');
    const entries: ScriptEntryInput[] = (await loadScript(fixture)).map(({ entry }) => entry);
    const firstNarrator = entries.findIndex((entry) => entry.stage === 'narrator');
    const narrator = entries[firstNarrator];
    if (narrator === undefined) throw new Error('the fixture has no narrator entry');
    entries[firstNarrator] = {
      ...narrator,
      expect: [
        'MANDATORY, happening now',
        MANIFESTING,
        `HIGH: bring it in at this opening: Odile Fenn seeks the protagonist: ${HIGH}`,
        MEDIUM,
      ],
    };
    const provider = await createScriptedProvider({ entries });
    setup = await startPlay(async () => provider);
    const save = unwrap(await setup.api['saves.create']({ packId: 'tutorial', personaId: 'robin-ashby', seed: 7 }));

    // The boundary's checkpoint, as a scene-boundary run would have left it before this scene opened.
    const file = path.join(setup.home, 'saves', save.id);
    const store = await openTestSave(file, 'write');
    commitCheckpoints(store, 'test: npc_state', [{ kind: 'npc_state', data: npcState() }]);
    store.close();

    const played = unwrap(
      await setup.api['play.submit']({
        saveId: save.id,
        text: 'I hang up my coat and tell Odile I am ready to learn.',
        thought: null,
      }),
    );
    expect(played.kind).toBe('turn');

    const after = await openTestSave(file);
    expect(after.latestCheckpoint(SCENE_OPENINGS_CHECKPOINT)?.data).toEqual({
      'odile-fenn@1': 1,
      'odile-fenn-later@1': 1,
    });
    after.close();

    // The API shows the high one spent, the medium one carried over to the next openings.
    const view = unwrap(await setup.api['saves.chronicle']({ id: save.id }));
    expect(view.pending.map((item) => [item.urgency, item.offered, item.spent])).toEqual([
      ['high', 1, true],
      ['medium', 1, false],
    ]);
    expect(view.chronicle?.writer_guidance.manifesting_now).toEqual([MANIFESTING]);
  });
});
