import { describe, expect, it } from 'vitest';
import { NPC_STATE_CHECKPOINT } from '../../../engine/boundary/index.ts';
import { boundaryPlay, newSave, play, readSave, turnIdOf } from '../../support/boundary-play.ts';
import { ASKING_FOR_LORE, boundaryReplies, RIDERS_LORE } from '../../support/boundary-replies.ts';
import { cli } from '../../support/cli.ts';

const { newHome, engineAt, dispose } = boundaryPlay();

const RIDERS = RIDERS_LORE.content;

async function worldKg(home: string, saveId: string): Promise<string> {
  const { code, stdout, stderr } = await cli('--home', home, 'inspect', saveId, 'kg', 'world');
  expect(code, stderr).toBe(0);
  return stdout;
}

describe("the Chronicler's lore requests in play on Lantern Quay", () => {
  it('are answered at the boundary, shown as learned in the World KG, refused when they give a gate away, and undone with the scene', async () => {
    const home = await newHome();
    const table = await engineAt(home, boundaryReplies(0, 'self_focused', ASKING_FOR_LORE));
    const saveId = await newSave(table);
    await play(table, saveId, 'I ask Mother Rook for a room.');
    await play(table, saveId, '/end scene');
    // The next turn waits for the boundary's first run, which holds the Lore step.
    expect((await play(table, saveId, 'I look about the taproom.')).kind).toBe('turn');

    const written = await readSave(home, saveId, (store) => {
      const closing = turnIdOf(store, 2);
      const [scene] = store.boundaryRunsOfTurn(closing);
      return {
        lore: store.boundarySteps(scene?.id ?? -1).find((row) => row.step === 'lore'),
        calls: store.stageCalls(closing).filter((call) => call.stage === 'lore_crafter'),
        npc: JSON.stringify(store.latestCheckpoint(NPC_STATE_CHECKPOINT)?.data),
      };
    });
    expect(written.lore?.output).toMatchObject({
      detail: {
        requests: 2,
        learned: 1,
        answers: [
          { request: 1, key: 'The coast-road riders', learned: true },
          { request: 2, key: 'What became of Pell', refused: 'it would give away what gate pells_fate guards' },
        ],
      },
    });
    // One call for both requests, built from the public view: the question is there, no gated fact is.
    expect(written.calls).toHaveLength(1);
    const prompt = JSON.stringify(written.calls[0]?.prompt);
    expect(prompt).toContain('The riders on the coast road: Who leads them?');
    expect(prompt).not.toContain('skull broken');
    expect(written.npc).toContain(RIDERS);
    expect(written.npc).not.toContain('skull broken');

    await dispose(table);
    const world = await worldKg(home, saveId);
    expect(world).toContain(`The coast-road riders: ${RIDERS}`);
    expect(world).toMatch(/from lore-crafter, scene 1 · .*tags lore, learned\n {6}The coast-road riders: /u);
    expect(world).not.toContain('skull broken');

    // Undo the next turn, then the turn that closed the scene: the learned lore goes with the scene.
    const again = await engineAt(home);
    const once = await play(again, saveId, '/undo');
    const twice = await play(again, once.saveId, '/undo');
    await dispose(again);
    const undone = await worldKg(home, twice.saveId);
    expect(undone).toMatch(/^World KG after turn 1 /u);
    expect(undone).not.toContain('The coast-road riders');
  });
});
