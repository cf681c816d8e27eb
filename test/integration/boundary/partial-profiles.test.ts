import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BOUNDARY_HANDLERS, toJson, type Json } from '../../../engine/boundary/index.ts';
import type { ScriptEntryInput } from '../../../engine/llm/index.ts';
import { createTierRoster, restoreProfilesState, type PartialProfile } from '../../../engine/npc/index.ts';
import type { StoryPack } from '../../../engine/pack/index.ts';
import { lanternQuay, stepContext, TEXT } from './knowledge-steps.fixture.ts';
import { OFFSCREEN_SCRIPT, offscreenSnapshot } from './offscreen.fixture.ts';

const KIT = 'kit-wickett';

const KIT_PROFILE: PartialProfile = {
  identity: 'The Drowned Lantern’s lamp-girl, who runs errands for pennies.',
  appearance: 'Ten or eleven, barefoot, in a cut-down sailor’s jacket. Soot on one cheek.',
  personality: 'Quick, cheeky, frightened of Mother Rook.',
  behavior: { default: 'Haggles.', stressed: 'Goes very still.', tell: 'Glances at the door.' },
  voice: { style: 'Quay cant, fast.', distinctive: 'Double negatives.', examples: ['I weren’t nowhere near.'] },
  knowledge: {
    knows: ['Who comes and goes at the Lantern.'],
    doesNotKnow: ['Where Pell is.'],
    wouldNotice: ['A coin.'],
  },
};

/** The fixture's closing scene (Kit present), with Kit ranked background and the profiles part as given. */
function snapshotWith(pack: StoryPack, profiles: Json): Json {
  const snapshot = z.record(z.string(), z.unknown()).parse(offscreenSnapshot(pack));
  const npc = z.record(z.string(), z.unknown()).parse(snapshot['npc']);
  const seeds = pack.characters.map((character) => ({
    id: character.id,
    tier: character.id === KIT ? ('background' as const) : (character.tier ?? 'significant'),
  }));
  const roster = createTierRoster(seeds);
  if (!roster.ok) throw new Error(roster.problems.join('; '));
  return toJson({ ...snapshot, npc: { ...npc, roster: roster.roster, profiles } });
}

const craftsKit: ScriptEntryInput = {
  stage: 'partial_profile',
  principal: KIT,
  expect: ['appeared in 2 scenes', 'Kit Wickett (kit-wickett)', TEXT.shared],
  reply: { ...KIT_PROFILE },
};

async function propagate(profiles: Json, script: readonly ScriptEntryInput[]) {
  const pack = await lanternQuay();
  const { context, calls, assertExhausted } = await stepContext(pack, snapshotWith(pack, profiles), script);
  const result = z
    .object({ npc: z.record(z.string(), z.unknown()) })
    .parse(await BOUNDARY_HANDLERS.offscreen_propagation(context));
  assertExhausted();
  return { profiles: restoreProfilesState(result.npc['profiles']), calls };
}

describe('the PartialProfileCrafter at the scene boundary', () => {
  it('writes a background figure’s partial profile once it recurs, and keeps it in the npc_state', async () => {
    const { profiles } = await propagate({ version: 1, appearances: { [KIT]: 1 } }, [...OFFSCREEN_SCRIPT, craftsKit]);
    expect(profiles.appearances[KIT]).toBe(2);
    expect(profiles.partial[KIT]).toEqual(KIT_PROFILE);
    expect(Object.keys(profiles.partial)).toEqual([KIT]);
  });

  it('asks for none on a first appearance, only counts it', async () => {
    const { profiles, calls } = await propagate(null, OFFSCREEN_SCRIPT);
    expect(profiles.appearances).toEqual({ [KIT]: 1 });
    expect(profiles.partial).toEqual({});
    expect(calls.some((call) => call.principal === KIT)).toBe(false);
  });

  it('never writes a figure’s profile twice', async () => {
    const already = { version: 1, appearances: { [KIT]: 4 }, partial: { [KIT]: KIT_PROFILE } };
    const { profiles } = await propagate(toJson(already), OFFSCREEN_SCRIPT);
    expect(profiles.appearances[KIT]).toBe(5);
    expect(profiles.partial[KIT]).toEqual(KIT_PROFILE);
  });
});
