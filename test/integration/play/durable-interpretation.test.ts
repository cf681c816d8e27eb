import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngineClient, createInProcessTransport, type TruthView } from '../../../engine/api/index.ts';
import { createEngine, type Engine } from '../../../engine/host/index.ts';
import { rootsFor } from '../../../engine/platform/index.ts';
import { countingIds, fixedSeedRng, manualClock } from '../../../engine/platform/testing.ts';
import { openSave } from '../../../engine/store/index.ts';
import { createInterpretingProvider } from '../../support/interpreting-provider.ts';
import { startPlay, STORIES_DIR, unwrap, type PlaySetup } from '../../support/playthrough.ts';

// Issue 24, item 2: Stage 4's answers are after-turn steps of their turn, saved as they land and reconciled once by
// the run's apply step, so /retry, /undo and quitting keep them. Lantern Quay's arrival (seed 16), its first turns.
const ARRIVAL = [
  'I stamp the coach mud off my boots by the fire and ask the landlady whether Riding Officer Thomas Pell lodges or drinks here.',
  '/whisper kit-wickett I keep my coat on, but press a penny into her palm and ask, under the fiddle, who here might know where Mr. Pell has gone.',
  'I give Mother Rook my name, pay a shilling for the room, and step out onto the quay to find the harbourmaster.',
  'I read the chalked tide board, look east along the mole towards the Gull Light, then walk along the quay to the harbour office.',
];
const KIT_TRUST = 'TrustGrowing(player,kit-wickett)';
const TRUST_DELTA = 'trust_delta(player,kit-wickett)';
const REFINED = {
  judgments: [{ proposition: KIT_TRUST, confidence: 0.9, magnitude: 0.25, description: 'A coin and a question.' }],
};

let setup: PlaySetup | null = null;
const engines: Engine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.dispose();
  await setup?.cleanup();
  setup = null;
});

async function arrival() {
  const fake = createInterpretingProvider();
  setup = await startPlay(async () => fake.provider);
  const { api, home } = setup;
  const created = unwrap(await api['saves.create']({ packId: 'lantern-quay', seed: 16 }));
  let saveId = created.id;
  const play = async (text: string) => {
    const result = unwrap(await api['play.submit']({ saveId, text }));
    expect(result.kind).not.toBe('failed');
    saveId = result.saveId;
    return result;
  };
  const truth = async (): Promise<TruthView> => unwrap(await api['saves.truth']({ id: saveId }));
  const settle = async () => expect(unwrap(await api['play.settle']({ saveId })).failure).toBeNull();
  /** Every refined judgment row of the save's ledger (one per reconciled answer). */
  const refinedRows = async () => {
    const store = await openSave(
      path.join(home, 'saves', saveId),
      { clock: manualClock(), appVersion: '0.1.0' },
      'read',
    );
    const rows = store
      .ledger()
      .map((entry) => entry.record)
      .filter((record) => JSON.stringify(record).includes('"standing":"refined"'));
    store.close();
    return rows;
  };
  return { fake, home, play, truth, settle, refinedRows, saveId: () => saveId };
}

const trust = (view: TruthView) => view.accumulators.find((entry) => entry.key === TRUST_DELTA)?.value;

describe('Stage 4 as a durable after-turn step', () => {
  it('keeps turn 2’s refined judgment when turn 4 is retried, though it landed only while turn 3 was asked for', async () => {
    const game = await arrival();
    await game.play(ARRIVAL[0] ?? '');
    // Turn 1's own Stage 4 has answered (the fake's queue is for turn 2's).
    await game.settle();
    const release = game.fake.interpret(REFINED, { held: true });
    await game.play(ARRIVAL[1] ?? '');
    // Turn 3 is submitted with turn 2's Stage 4 still out; the answer lands while turn 3 waits for its after-turn work.
    const third = game.play(ARRIVAL[2] ?? '');
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    await third;
    await game.play(ARRIVAL[3] ?? '');
    expect(trust(await game.truth())).toBe(0.25);

    const retried = await game.play('/retry');
    expect(retried.kind).toBe('turn');
    await game.settle();
    const view = await game.truth();
    expect(trust(view)).toBe(0.25);
    expect(view.interpretive.find((entry) => entry.key === KIT_TRUST)).toMatchObject({
      confidence: 0.9,
      standing: 'refined',
    });
    expect(await game.refinedRows()).toHaveLength(1);
  });

  it('asks with what the scene keeps from turn to turn first: its propositions and cast, then the sliding story', async () => {
    const game = await arrival();
    await game.play(ARRIVAL[0] ?? '');
    await game.settle();
    await game.play(ARRIVAL[1] ?? '');
    await game.settle();
    const [first, second] = game.fake.prompts.filter((prompt) => prompt.stage === 'deep_interpretation');
    if (first === undefined || second === undefined) throw new Error('Stage 4 was not asked twice');
    let shared = 0;
    while (shared < first.text.length && first.text[shared] === second.text[shared]) shared++;
    // The two turns' prompts part only in the story, so a local model's KV cache serves the rest of the opening.
    expect(second.text.indexOf('Propositions:')).toBeLessThan(second.text.indexOf('Recent story:'));
    expect(shared).toBeGreaterThan(second.text.indexOf('Present:'));
  });

  it('keeps it across /undo to a later turn', async () => {
    const game = await arrival();
    await game.play(ARRIVAL[0] ?? '');
    // Turn 1's own Stage 4 has answered (the fake's queue is for turn 2's).
    await game.settle();
    game.fake.interpret(REFINED);
    for (const text of ARRIVAL.slice(1)) await game.play(text);
    const undone = await game.play('/undo');
    expect(undone.kind).toBe('forked');
    expect(trust(await game.truth())).toBe(0.25);
    expect(await game.refinedRows()).toHaveLength(1);
  });

  it('resumes a Stage 4 call cut off by quitting when the save is reopened, and reconciles its answer once', async () => {
    const game = await arrival();
    await game.play(ARRIVAL[0] ?? '');
    // Turn 1's own Stage 4 has answered (the fake's queue is for turn 2's).
    await game.settle();
    game.fake.interpret(REFINED, { held: true });
    await game.play(ARRIVAL[1] ?? '');
    // Quit with the answer still out: the stopped call is not an answer, and nothing is reconciled.
    await setup?.engine.dispose();
    expect(await game.refinedRows()).toHaveLength(0);

    game.fake.interpret(REFINED);
    const engine = await createEngine({
      ports: { clock: manualClock(), ids: countingIds(), rng: fixedSeedRng(), roots: rootsFor(game.home, STORIES_DIR) },
      appVersion: '0.1.0',
      platform: 'linux',
      llmOverride: { kind: 'scripted', file: 'test' },
      createProvider: async () => game.fake.provider,
    });
    engines.push(engine);
    const { api } = createEngineClient(createInProcessTransport(engine));
    expect(unwrap(await api['play.settle']({ saveId: game.saveId() })).failure).toBeNull();
    const played = unwrap(await api['play.submit']({ saveId: game.saveId(), text: ARRIVAL[2] ?? '' }));
    expect(played.kind).toBe('turn');
    expect(unwrap(await api['play.settle']({ saveId: game.saveId() })).failure).toBeNull();
    const view = unwrap(await api['saves.truth']({ id: game.saveId() }));
    expect(trust(view)).toBe(0.25);
    expect(await game.refinedRows()).toHaveLength(1);
  });
});
