import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TruthView } from '../../../engine/api/index.ts';
import { createInterpretingProvider } from '../../support/interpreting-provider.ts';
import { startPlay, STORIES_DIR, unwrap, type PlaySetup } from '../../support/playthrough.ts';

/**
 * Issue 20, item 6: predicates that change only with time are evaluated again when time moves. A copy of Lantern Quay
 * (it opens at 21:30, night) with two triggers that wait on nothing but time: first light (the clock's phase of day),
 * and a scene that drags (a `Within` lapsing under a `Difference`, with no event to look at it again).
 */
const TIME_TRIGGERS = `
# Dawn puts the harbour lamps out: the phase of day enters the truth set as in-world time moves.
- id: first_light
  subscriber: storykeeper
  tier: immediate
  lifecycle: { kind: OneShot }
  predicate: { kind: Atom, proposition: "WorldState(time_of_day,dawn)" }
  effects:
    - { kind: SetWorldState, key: lamps_out, value: true }

# Three turns in the Lantern with no new arrival: the taproom grows restless.
- id: the_lantern_drags
  subscriber: storykeeper
  tier: scene_local
  lifecycle: { kind: OneShot }
  predicate:
    kind: Difference
    include: { kind: Atom, proposition: "InScene(a-letter-for-pell)" }
    exclude: { kind: Within, proposition: "SceneEntered(a-letter-for-pell)", turns: 3 }
  effects:
    - { kind: SetWorldState, key: taproom_restless, value: true }
`;

let setup: PlaySetup | null = null;
const homes: string[] = [];
afterEach(async () => {
  await setup?.cleanup();
  setup = null;
  for (const home of homes.splice(0)) await rm(home, { recursive: true, force: true });
});

async function lanternQuayWithTimeTriggers() {
  const home = await mkdtemp(path.join(os.tmpdir(), 'storyloom-time-'));
  homes.push(home);
  const packDir = path.join(home, 'lantern-quay');
  await cp(path.join(STORIES_DIR, 'lantern-quay'), packDir, { recursive: true });
  const triggers = path.join(packDir, 'triggers.yaml');
  await writeFile(triggers, `${await readFile(triggers, 'utf8')}\n${TIME_TRIGGERS}`);
  const fake = createInterpretingProvider();
  setup = await startPlay(async () => fake.provider, undefined, home);
  const { api } = setup;
  const save = unwrap(await api['saves.create']({ packId: 'lantern-quay', seed: 16 }));
  const play = async (text: string) => unwrap(await api['play.submit']({ saveId: save.id, text }));
  const truth = async (): Promise<TruthView> => unwrap(await api['saves.truth']({ id: save.id }));
  const fact = (view: TruthView, key: string) => view.factual.find((entry) => entry.key === key);
  const firing = (view: TruthView, id: string) => view.triggers.find((trigger) => trigger.id === id)?.firing ?? null;
  return { play, truth, fact, firing };
}

describe('time-driven re-evaluation', () => {
  it('fires a trigger on the phase of day when /skip moves the clock to dawn, in the next turn', async () => {
    const game = await lanternQuayWithTimeTriggers();
    await game.play('I warm my hands by the fire.');
    const night = await game.truth();
    expect(game.fact(night, 'WorldState(time_of_day,night)')).toEqual({
      key: 'WorldState(time_of_day,night)',
      sinceTurn: 1,
    });
    expect(game.fact(night, 'WorldState(lamps_out,true)')).toBeUndefined();

    // 21:30 + 8h = 05:30, dawn; the skip itself plays no turn of the event system, the next one hears the clock.
    await game.play('/skip 8h');
    const played = await game.play('I look out at the harbour.');
    expect(played.kind).toBe('turn');
    const dawn = await game.truth();
    expect(dawn.turn).toBeGreaterThan(night.turn);
    expect(game.fact(dawn, 'WorldState(time_of_day,night)')).toBeUndefined();
    expect(game.fact(dawn, 'WorldState(time_of_day,dawn)')?.sinceTurn).toBe(dawn.turn);
    expect(game.firing(dawn, 'first_light')).toEqual({ depth: 0, provisional: false });
    expect(game.fact(dawn, 'WorldState(lamps_out,true)')?.sinceTurn).toBe(dawn.turn);
  }, 120_000);

  it('fires a Within lapsing under a Difference when the turns pass, though no atom it reads changed', async () => {
    const game = await lanternQuayWithTimeTriggers();
    const fired: (number | null)[] = [];
    for (const text of ['I warm my hands by the fire.', 'I sip my ale.', 'I listen to the fiddle.', 'I wait.']) {
      expect((await game.play(text)).kind).toBe('turn');
      const view = await game.truth();
      fired.push(game.firing(view, 'the_lantern_drags') === null ? null : view.turn);
    }
    // Entered in turn 1; Within(…, 3) holds through turn 3 and lapses in turn 4, when the trigger fires.
    expect(fired).toEqual([null, null, null, 4]);
    expect(game.fact(await game.truth(), 'WorldState(taproom_restless,true)')?.sinceTurn).toBe(4);
  }, 120_000);
});
