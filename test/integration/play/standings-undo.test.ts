import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createScriptedProvider } from '../../../engine/llm/index.ts';
import { readInputsFile } from '../../../engine/pack/index.ts';
import { playAll, startPlay, TEST_PACKS_DIR, unwrap, type PlaySetup } from '../../support/playthrough.ts';

let setup: PlaySetup | null = null;
afterEach(async () => {
  await setup?.cleanup();
  setup = null;
});

describe('standings and /undo', () => {
  it('a boundary’s simulated relationship shifts are in the save, and /undo before that boundary takes them back', async () => {
    const fixtures = path.join(TEST_PACKS_DIR, 'two-lamps', 'fixtures');
    const provider = await createScriptedProvider({ file: path.join(fixtures, 'seek.yaml') });
    setup = await startPlay(async () => provider, undefined, TEST_PACKS_DIR);
    const { api } = setup;
    const file = await readInputsFile(path.join(fixtures, 'seek.inputs'));
    const save = unwrap(await api['saves.create']({ packId: 'two-lamps', personaId: 'wren-hollis', seed: 1 }));
    // The bench, /end scene (its boundary lives the cohort's evening), then the bell, which waits for that boundary.
    const { saveId } = await playAll(api, save.id, file.inputs.slice(0, 3));
    const standingsOf = async (id: string, character: string) =>
      unwrap(await api['saves.chronicle']({ id })).characters.find((entry) => entry.id === character)?.standings;

    expect(await standingsOf(saveId, 'ada-quill')).toEqual([
      {
        to: 'bram-tolley',
        toName: 'Bram Tolley',
        values: { fear: 0.5 },
        text: 'fear +0.50',
        why: 'ADA-STANDS-K4 I cannot face him now',
        strong: false,
      },
    ]);
    expect((await standingsOf(saveId, 'bram-tolley'))?.map((side) => side.values)).toEqual([{ trust: -0.5 }]);

    // Back to the closing turn: the boundary wrote its checkpoint there, so the standings stay.
    const once = unwrap(await api['play.submit']({ saveId, text: '/undo' }));
    expect((await standingsOf(once.saveId, 'ada-quill'))?.length).toBe(1);
    // Back before the scene closed: nobody has moved anyone yet.
    const twice = unwrap(await api['play.submit']({ saveId: once.saveId, text: '/undo' }));
    expect(await standingsOf(twice.saveId, 'ada-quill')).toEqual([]);
    expect(await standingsOf(twice.saveId, 'bram-tolley')).toEqual([]);
  });
});
