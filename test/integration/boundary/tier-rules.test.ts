import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readBoundaryInput, toJson } from '../../../engine/boundary/index.ts';
import {
  awayFromActiveArea,
  readOffscreenScene,
  ruleTierUpdate,
  tierSignals,
  type OffscreenScene,
} from '../../../engine/boundary/simulation/index.ts';
import {
  createTierRoster,
  MINUTES_PER_DAY,
  type PendingInteraction,
  type TierRoster,
} from '../../../engine/npc/index.ts';
import type { StoryPack } from '../../../engine/pack/index.ts';
import { lanternQuay } from './knowledge-steps.fixture.ts';
import { HALE, offscreenSnapshot } from './offscreen.fixture.ts';

const KIT = 'kit-wickett';
const NO_ONE_AWAY = {};

/** The fixture's scene (Sam leaving the Drowned Lantern for the chapel), with npc_state parts replaced. */
async function sceneWith(npc: { simulation?: object; chronicle?: object } = {}): Promise<{
  pack: StoryPack;
  scene: OffscreenScene;
}> {
  const pack = await lanternQuay();
  const snapshot = z.record(z.string(), z.unknown()).parse(offscreenSnapshot(pack));
  const state = z.record(z.string(), z.unknown()).parse(snapshot['npc']);
  const simulation = z.record(z.string(), z.unknown()).parse(state['simulation']);
  const scene = readOffscreenScene(
    readBoundaryInput(
      toJson({ ...snapshot, npc: { ...state, ...npc, simulation: { ...simulation, ...npc.simulation } } }),
    ),
  );
  return { pack, scene };
}

function packRoster(pack: StoryPack, cap = 8): TierRoster {
  const created = createTierRoster(
    pack.characters.map((character) => ({ id: character.id, tier: character.tier ?? 'significant' })),
    cap,
  );
  if (!created.ok) throw new Error(created.problems.join('; '));
  return created.roster;
}

function seeking(scene: OffscreenScene, character: string): PendingInteraction {
  return {
    id: `${character}@3`,
    character,
    urgency: 'high',
    what: 'Warn the rider.',
    approach: '',
    driver: '',
    emotional_state: '',
    what_i_want: '',
    what_i_know: '',
    raisedAt: scene.now,
    cycle: 3,
  };
}

describe('the tier rules at the scene boundary', () => {
  it('promotes a significant character who has set out to seek the persona', async () => {
    const { pack, scene } = await sceneWith();
    const update = ruleTierUpdate(pack, scene, packRoster(pack), {
      pending: [seeking(scene, KIT)],
      asked: [],
      awaySince: NO_ONE_AWAY,
    });
    expect(update.roster.characters[KIT]?.tier).toBe('arc_important');
    expect(update.changes).toEqual([
      expect.objectContaining({ character: KIT, from: 'significant', to: 'arc_important', cause: 'request' }),
    ]);
  });

  it('counts an IntentCheck seeking the persona by name as pursuing it', async () => {
    const { pack, scene } = await sceneWith();
    const reply = {
      seeking: [
        { character: 'Sam Fairweather', intent: 'a word', urgency: 'high' as const, timing: '', if_unavailable: '' },
      ],
      avoiding: [],
      self_focused: '',
    };
    const signals = tierSignals(pack, scene, { pending: [], asked: [{ character: KIT, reply }], awaySince: {} });
    expect(signals.find((signal) => signal.character === KIT)?.pursuesPersona).toBe(true);
    expect(signals.filter((signal) => signal.pursuesPersona)).toHaveLength(1);
  });

  it("reads the Chronicler's active threads naming a character as that character driving the story", async () => {
    const chronicle = {
      version: 1,
      cycle: 2,
      at: 0,
      writer_guidance: {},
      story_state: { active_threads: [{ name: 'The lantern girl knows', status: 'Kit saw the boat that night' }] },
    };
    const { pack, scene } = await sceneWith({ chronicle });
    const driving = tierSignals(pack, scene, { pending: [], asked: [], awaySince: {} }).filter((s) => s.drivesStory);
    expect(driving.map((signal) => signal.character)).toEqual([KIT]);
  });

  it('demotes an arc_important character away from the active area for more than three days, not one just gone', async () => {
    const { pack, scene } = await sceneWith();
    const longAgo = scene.now - 4 * MINUTES_PER_DAY;
    const { pack: samePack, scene: awayScene } = await sceneWith({ simulation: { awaySince: { [HALE]: longAgo } } });
    // Sam is bound for the chapel: the Custom House and the Drowned Lantern are off that way, the vestry is not.
    const away = awayFromActiveArea(samePack, awayScene, awayScene.positions);
    expect(away[HALE]).toBe(longAgo);
    expect(away['magdalen-rook']).toBe(scene.now);
    expect(away['anselm-mercer']).toBeUndefined();
    expect(away[KIT]).toBeUndefined();

    const update = ruleTierUpdate(pack, awayScene, packRoster(pack), { pending: [], asked: [], awaySince: away });
    expect(update.roster.characters[HALE]?.tier).toBe('significant');
    expect(update.roster.characters['magdalen-rook']?.tier).toBe('arc_important');
    expect(update.changes.map((change) => change.character)).toEqual([HALE]);
  });

  it('holds the arc_important cap: a rule never pushes anyone out of a full tier, so tiers do not churn', async () => {
    const { pack, scene } = await sceneWith();
    const observed = { pending: [seeking(scene, KIT)], asked: [], awaySince: NO_ONE_AWAY };
    const full = ruleTierUpdate(pack, scene, packRoster(pack, 3), observed);
    const arc = Object.values(full.roster.characters).filter((record) => record.tier === 'arc_important');
    expect(arc).toHaveLength(3);
    expect(full.roster.characters[KIT]?.tier).toBe('significant');
    expect(full.changes).toEqual([]);
    expect(full.refused).toEqual([
      expect.objectContaining({ why: expect.stringContaining('never pushes anyone out') }),
    ]);

    const quiet = Object.fromEntries(
      Object.keys(full.roster.characters).map((id) => [id, { tier: 'significant' as const, lastRelevantAt: null }]),
    );
    const none = ruleTierUpdate(pack, scene, { version: 1, cap: 0, characters: quiet }, observed);
    expect(none.roster.characters[KIT]?.tier).toBe('significant');
    expect(none.refused).toEqual([expect.objectContaining({ why: expect.stringContaining('cap of 0') })]);
  });
});
