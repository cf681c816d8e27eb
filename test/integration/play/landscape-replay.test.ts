import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngineClient, createInProcessTransport, type EngineClient } from '../../../engine/api/index.ts';
import { createEngine, type Engine } from '../../../engine/host/index.ts';
import { loadPack } from '../../../engine/pack/index.ts';
import { rootsFor } from '../../../engine/platform/index.ts';
import { countingIds, fixedSeedRng, manualClock } from '../../../engine/platform/testing.ts';
import { openSave } from '../../../engine/store/index.ts';
import { landscapeAt, weighedLandscapeAt } from '../../../engine/turn/index.ts';
import { createInterpretingProvider } from '../../support/interpreting-provider.ts';
import { startPlay, STORIES_DIR, unwrap, type PlaySetup } from '../../support/playthrough.ts';

// Issue 24, item 3: the landscape the Storykeeper weighs at scene entry (and when a gate opens) is part of the save's
// event state, so a reloaded session — or a fork — weighs exactly what the original session weighed in memory.
const ARRIVAL = [
  'I stamp the coach mud off my boots by the fire and ask the landlady whether Riding Officer Thomas Pell lodges or drinks here.',
  '/whisper kit-wickett I keep my coat on, but press a penny into her palm and ask, under the fiddle, who here might know where Mr. Pell has gone.',
  'I give Mother Rook my name, pay a shilling for the room, and step out onto the quay to find the harbourmaster.',
];

let setup: PlaySetup | null = null;
const engines: Engine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.dispose();
  await setup?.cleanup();
  setup = null;
});

/**
 * What the Storykeeper weighed and used on turn `turn` — the landscape, the retrieved tier, the Narrator's prompts —
 * with the weighing at scene entry (turn 1) and a fresh weighing of the truth set as turn `turn` left it.
 */
async function weighed(api: EngineClient, home: string, saveId: string, turn: number) {
  const { pack } = await loadPack(path.join(STORIES_DIR, 'lantern-quay'), { appVersion: '0.1.0' });
  if (pack === null) throw new Error('lantern-quay does not load');
  const store = await openSave(path.join(home, 'saves', saveId), { clock: manualClock(), appVersion: '0.1.0' }, 'read');
  const landscape = weighedLandscapeAt(store, pack, turn);
  const entry = weighedLandscapeAt(store, pack, 1);
  const fresh = landscapeAt(store, pack, turn);
  store.close();
  const context = unwrap(await api['saves.context']({ id: saveId, turn }));
  const turns = unwrap(await api['saves.turns']({ id: saveId }));
  const turnId = turns.find((record) => record.number === turn && record.status === 'committed')?.id ?? 0;
  const calls = unwrap(await api['saves.stageCalls']({ id: saveId, turnId }));
  const narrator = calls.filter((call) => call.stage === 'narrator').map((call) => call.prompt);
  return { landscape, entry, fresh, context, narrator };
}

describe('the landscape in the save', () => {
  it('weighs every landscape number of the arrival’s turn 3 the same when it is replayed after a reload', async () => {
    const fake = createInterpretingProvider();
    setup = await startPlay(async () => fake.provider);
    const save = unwrap(await setup.api['saves.create']({ packId: 'lantern-quay', seed: 16 }));
    for (const text of ARRIVAL) {
      const played = unwrap(await setup.api['play.submit']({ saveId: save.id, text }));
      expect(played.kind).toBe('turn');
    }
    expect(unwrap(await setup.api['play.settle']({ saveId: save.id })).failure).toBeNull();
    const original = await weighed(setup.api, setup.home, save.id, 3);
    expect(original.landscape?.scenes.length).toBeGreaterThan(0);
    expect(original.context.candidates.length).toBeGreaterThan(0);

    // Quit, reopen in a new engine, and play turn 3 again: the fork's session rebuilds everything from the save.
    await setup.engine.dispose();
    const engine = await createEngine({
      ports: {
        clock: manualClock(),
        ids: countingIds(),
        rng: fixedSeedRng(),
        roots: rootsFor(setup.home, STORIES_DIR),
      },
      appVersion: '0.1.0',
      platform: 'linux',
      llmOverride: { kind: 'scripted', file: 'test' },
      createProvider: async () => fake.provider,
    });
    engines.push(engine);
    const { api } = createEngineClient(createInProcessTransport(engine));
    const retried = unwrap(await api['play.submit']({ saveId: save.id, text: '/retry' }));
    expect(retried.kind).toBe('turn');
    expect(unwrap(await api['play.settle']({ saveId: retried.saveId })).failure).toBeNull();
    const replayed = await weighed(api, setup.home, retried.saveId, 3);

    // Turn 3 still plays on the landscape weighed at scene entry (no gate opened since), not on one weighed afresh:
    // Kit's penny weighs 0.817 as in the original session, not the 0.91 the truth set would give it by then.
    const kitsPenny = (report: typeof original.landscape) => report?.scenes.find((s) => s.id === 'kits-penny')?.mass;
    expect(original.landscape).toEqual(original.entry);
    expect(kitsPenny(original.landscape)?.total).toBeCloseTo(0.817, 3);
    expect(kitsPenny(original.fresh)?.total).toBeCloseTo(0.91, 3);
    expect(replayed.landscape).toEqual(original.landscape);
    expect(replayed.context).toEqual(original.context);
    expect(replayed.narrator).toEqual(original.narrator);
  });
});
