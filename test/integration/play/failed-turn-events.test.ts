import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlayResult } from '../../../engine/api/index.ts';
import { manualClock } from '../../../engine/platform/testing.ts';
import { openSave } from '../../../engine/store/index.ts';
import { PLAY_STATE_CHECKPOINT } from '../../../engine/turn/index.ts';
import { createInterpretingProvider } from '../../support/interpreting-provider.ts';
import { startPlay, unwrap, type PlaySetup } from '../../support/playthrough.ts';

let setup: PlaySetup | null = null;
afterEach(async () => {
  await setup?.cleanup();
  setup = null;
});

// A scene's first turn: the scene is entered, the landscape weighed, Kit's echo fires and her OneShot goes away.
const PENNY = '/whisper kit-wickett I press a penny into her palm and promise she is safe with me.';
const LEAVE = 'I step out onto the quay.';

/** What a played turn left, without the ids that differ between saves. */
function played(result: PlayResult) {
  if (result.kind !== 'turn') throw new Error(`expected a played turn, got ${JSON.stringify(result)}`);
  return result.messages.map(({ turn, seq, owner, type, content }) => ({ turn, seq, owner, type, content }));
}

describe('a failed turn and the session it failed in', () => {
  it('leaves the event state as it was: a failed turn then a good one gives what the good one gives alone', async () => {
    const fake = createInterpretingProvider();
    setup = await startPlay(async () => fake.provider);
    const { api, home } = setup;
    const failedFirst = unwrap(await api['saves.create']({ packId: 'lantern-quay', seed: 16 }));
    const alone = unwrap(await api['saves.create']({ packId: 'lantern-quay', seed: 16 }));
    const play = async (saveId: string, text: string) => unwrap(await api['play.submit']({ saveId, text }));
    const saved = async (saveId: string) => {
      const store = await openSave(
        path.join(home, 'saves', saveId),
        { clock: manualClock(), appVersion: '0.1.0' },
        'read',
      );
      const result = {
        ledger: store.ledger().map(({ seq, turn, record }) => ({ seq, turn, record })),
        state: store.latestCheckpoint(PLAY_STATE_CHECKPOINT)?.data,
      };
      store.close();
      const { saveId: _named, ...truth } = unwrap(await api['saves.truth']({ id: saveId }));
      return { ...result, truth };
    };

    // The Narrator fails after classification ran the scene's cascades; the same input is then played again.
    fake.failNextNarrator();
    expect((await play(failedFirst.id, PENNY)).kind).toBe('failed');
    const narrated = async (saveId: string, text: string) => {
      const from = fake.prompts.length;
      const messages = played(await play(saveId, text));
      return { messages, narrator: fake.prompts.slice(from).filter((prompt) => prompt.stage === 'narrator') };
    };
    const again = await narrated(failedFirst.id, PENNY);
    const once = await narrated(alone.id, PENNY);
    expect(again.messages).toEqual(once.messages);
    // The Narrator heard the same retrieved tier and directions: Kit's echo fired once, in the turn that committed.
    expect(again.narrator).toEqual(once.narrator);
    expect(again.narrator[0]?.text).toContain('rhymes with something Kit Wickett has lived before');
    const [afterFailure, afterAlone] = [await saved(failedFirst.id), await saved(alone.id)];
    expect(afterFailure.ledger.length).toBeGreaterThan(0);
    expect(afterFailure.ledger).toEqual(afterAlone.ledger);
    expect(afterFailure.state).toEqual(afterAlone.state);
    expect(afterFailure.truth).toEqual(afterAlone.truth);

    // The session kept the runtime its good turn ended with: the next turn plays on it alike.
    expect(played(await play(failedFirst.id, LEAVE))).toEqual(played(await play(alone.id, LEAVE)));
    const [nextAfterFailure, nextAlone] = [await saved(failedFirst.id), await saved(alone.id)];
    expect(nextAfterFailure.ledger).toEqual(nextAlone.ledger);
    expect(nextAfterFailure.truth).toEqual(nextAlone.truth);
  });
});
