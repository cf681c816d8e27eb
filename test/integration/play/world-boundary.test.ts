import { afterEach, describe, expect, it } from 'vitest';
import { initialEventState } from '../../../engine/turn/classify/index.ts';
import { replayLog, type WorldState } from '../../../engine/world/index.ts';
import { loadPack } from '../../../engine/pack/index.ts';
import { initialPlayState } from '../../../engine/turn/index.ts';
import { replaceOnce } from '../../support/lantern-variant.ts';
import { APP_VERSION } from '../../support/packs.ts';
import { unwrap } from '../../support/playthrough.ts';
import { playVariant, type WorldGame } from '../../support/world-play.ts';

let game: WorldGame | null = null;
afterEach(async () => {
  await game?.cleanup();
  game = null;
});

async function played(text: string): Promise<void> {
  if (game === null) throw new Error('no game');
  const result = unwrap(await game.play(text));
  expect(result.kind === 'failed' ? result : 'turn').toBe('turn');
}

async function replayedFromStart(current: WorldGame): Promise<WorldState> {
  const { pack } = await loadPack(current.variant.packDir, { appVersion: APP_VERSION });
  if (pack === null) throw new Error('the variant does not load');
  const persona = pack.manifest.start.persona;
  const initial = initialEventState(pack, initialPlayState(pack, persona), persona).world;
  if (initial === null) throw new Error('the variant has no world');
  const replayed = replayLog(initial, await current.worldLogs());
  expect(replayed.rejected).toEqual([]);
  return replayed.world.state;
}

const SQUALL = 'a hard squall off the sea';

describe('the scene boundary changes the world through its log (issue 23)', () => {
  it('logs the Chronicler’s new weather as a world change of the closing turn; the next scene opens in it', async () => {
    game = await playVariant({}, {}, { chronicler: { weather: SQUALL } });
    await played('I step out onto the quay.');
    await played('I read the chalked tide board.');
    // The Narrator hears of the change once, on the turn the new scene opens in it; not again after.
    expect(game.fake.last('narrator')).toContain(`The weather has turned: ${SQUALL}.`);
    await played('I look east along the mole.');
    expect(game.fake.last('narrator')).not.toContain('The weather has turned');
    const state = await game.saved();
    expect(state.events?.world?.environment.weather).toBe(SQUALL);
    const logs = await game.worldLogs();
    expect(logs.find((entry) => entry.input.type === 'set_weather')).toMatchObject({
      id: 'w1b.1',
      turn: 1,
      input: { type: 'set_weather', weather: SQUALL },
      changes: [{ entity: 'environment', property: 'weather', before: 'hard rain and sea fog', after: SQUALL }],
    });
    // Replay: the pack's initial world plus every log, in order, is the saved world.
    expect(JSON.stringify(await replayedFromStart(game))).toBe(JSON.stringify(state.events?.world));
  });

  it('commits a SetWorldState deferred to the boundary when the next scene opens, in that turn’s log', async () => {
    game = await playVariant({
      'story.yaml': replaceOnce('  location: drowned-lantern\n', '  location: harbour-office\n'),
      'triggers.yaml': replaceOnce(
        '- { kind: SetWorldState, key: officer_in_town, value: true }',
        '- { kind: SetWorldState, key: officer_in_town, value: true, tier: deferred }',
      ),
    });
    await played('I show the harbourmaster my brass badge.');
    expect((await game.saved()).events?.world?.environment.flags['officer_in_town']).toBe(false);
    await played('I step out onto the quay.');
    await played('I read the chalked tide board.');
    const state = await game.saved();
    expect(state.events?.world?.environment.flags['officer_in_town']).toBe(true);
    const flagged = (await game.worldLogs()).find((entry) => entry.input.type === 'set_flag');
    expect(flagged).toMatchObject({ turn: 3, input: { type: 'set_flag', key: 'officer_in_town', value: true } });
    expect(JSON.stringify(await replayedFromStart(game))).toBe(JSON.stringify(state.events?.world));
  });
});
