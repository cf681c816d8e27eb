import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TruthView } from '../../../engine/api/index.ts';
import { createEngine } from '../../../engine/host/index.ts';
import { rootsFor } from '../../../engine/platform/index.ts';
import { countingIds, fixedSeedRng, manualClock } from '../../../engine/platform/testing.ts';
import { openSave } from '../../../engine/store/index.ts';
import { createInterpretingProvider } from '../../support/interpreting-provider.ts';
import { startPlay, STORIES_DIR, unwrap, type PlaySetup } from '../../support/playthrough.ts';

let setup: PlaySetup | null = null;
afterEach(async () => {
  await setup?.cleanup();
  setup = null;
});

async function lanternQuay() {
  const fake = createInterpretingProvider();
  setup = await startPlay(async () => fake.provider);
  const { api, home } = setup;
  const save = unwrap(await api['saves.create']({ packId: 'lantern-quay', seed: 16 }));
  const play = async (text: string) => unwrap(await api['play.submit']({ saveId: save.id, text }));
  /** Waits for the after-turn work (the extractors and Stage 4) of the turns played so far. */
  const settle = async () => expect(unwrap(await api['play.settle']({ saveId: save.id })).failure).toBeNull();
  const truth = async (turn?: number): Promise<TruthView> =>
    unwrap(await api['saves.truth']({ id: save.id, ...(turn === undefined ? {} : { turn }) }));
  const store = () =>
    openSave(path.join(home, 'saves', save.id), { clock: manualClock(), appVersion: '0.1.0' }, 'read');
  return { fake, api, saveId: save.id, play, settle, truth, store };
}

const judged = (view: TruthView, key: string) => view.interpretive.find((entry) => entry.key === key);
const KIT_TRUST = 'TrustGrowing(player,kit-wickett)';
/** Everyone in the Lantern's taproom at the start, in pack order. */
const presentAtTheLantern = ['kit-wickett', 'magdalen-rook'];
const PENNY = '/whisper kit-wickett I press a penny into her palm and promise she is safe with me.';

describe('the event system in the turn', () => {
  it('refuses a verb the world forbids: the Narrator renders it alone, nothing else runs, the ledger records it', async () => {
    const game = await lanternQuay();
    const result = await game.play('I fly up to the great brass lantern above the bar.');
    expect(result.kind).toBe('turn');
    if (result.kind !== 'turn') return;
    expect(result.messages.map((message) => message.type).filter((type) => type !== 'scene_marker')).toEqual([
      'intention',
      'narration',
    ]);
    expect(game.fake.lastPrompt('narrator')).toContain(
      'This cannot happen: Nobody in Lantern Quay can fly; feet stay on the wet stones whatever the heart wants.',
    );
    const store = await game.store();
    const calls = store.stageCalls(store.turns()[0]?.id ?? 0).map((call) => call.stage);
    const ledger = store.ledger().map((entry) => entry.record);
    store.close();
    expect(calls).toEqual(['narrator']);
    expect(ledger).toContainEqual({
      kind: 'event',
      event: { type: 'ConstraintViolation', actor: 'player', action: 'fly', constraint: 'no_flight' },
    });
    expect((await game.truth()).classification?.violation).toMatchObject({ constraint: 'no_flight' });
  });

  it('refuses a move through a locked door: the persona stays where it was', async () => {
    const game = await lanternQuay();
    await game.play('I step out onto the quay.');
    await game.play('I walk west to the custom house.');
    const view = await game.truth();
    expect(view.classification?.violation).toMatchObject({ action: 'move', constraint: 'locked' });
    expect(view.factual.map((fact) => fact.key)).toContain('At(player,quay)');
    await game.play('I look around.');
    // The quay's scene of the narrative graph (narrative.yaml) is the one InScene names.
    expect((await game.truth()).factual.map((fact) => fact.key)).toContain('InScene(the-lanterns-of-the-quay)');
  });

  it('turns a kind word to Kit into a provisional judgment that fires her echo, then Stage 4 refines it', async () => {
    const game = await lanternQuay();
    game.fake.interpret({
      judgments: [{ proposition: KIT_TRUST, confidence: 0.9, magnitude: 0.25, description: 'A coin and a promise.' }],
    });
    await game.play(PENNY);
    const persona = game.fake.prompts.find((prompt) => prompt.stage === 'narrator');
    expect(persona?.text).toContain('An old pattern stirs in Kit Wickett (the lantern ladder): let it show.');
    await game.settle();
    const view = await game.truth();
    expect(view.classification?.judgments).toEqual([
      expect.objectContaining({ proposition: KIT_TRUST, confidence: 0.7, standing: 'provisional' }),
    ]);
    expect(view.triggers.find((trigger) => trigger.id === 'kit_trusts')).toMatchObject({
      firing: { depth: 0, provisional: true },
      active: false,
    });
    expect(judged(view, KIT_TRUST)).toMatchObject({ confidence: 0.9, standing: 'refined' });
    expect(view.accumulators).toContainEqual({ key: 'trust_delta(player,kit-wickett)', value: 0.25 });
    expect(view.classification?.reconciliations[0]?.notes).toEqual([
      { proposition: KIT_TRUST, provisional: 0.7, refined: 0.9, verdict: 'confirmed' },
    ]);
  });

  it('lets only the two sides of a whisper witness what follows it; a plain turn is witnessed by everyone present', async () => {
    const game = await lanternQuay();
    await game.play(PENNY);
    await game.play('I look around the taproom.');
    const store = await game.store();
    const narration = store.lastMessages(100).filter((message) => message.type === 'narration');
    const persona = store.meta().personaId;
    store.close();
    const witnesses = (turn: number): unknown => narration.find((message) => message.turnNumber === turn)?.meta;
    expect(witnesses(1)).toEqual({ kind: 'heard', by: [persona, 'kit-wickett'], whispered: true });
    expect(witnesses(2)).toEqual({ kind: 'heard', by: [persona, ...presentAtTheLantern] });
  });

  it('runs Stage 4 after its turn committed, as an after-turn step, and reconciles it before the next turn', async () => {
    const game = await lanternQuay();
    const release = game.fake.interpret(
      { judgments: [{ proposition: KIT_TRUST, confidence: 0.2, magnitude: 0.05, description: 'A bribe, not trust.' }] },
      { held: true },
    );
    const played = await game.play(PENNY);
    // The turn resolved with Stage 4 still out: its prose never waits for it.
    expect(played.kind).toBe('turn');
    const first = await game.truth(1);
    expect(first.classification?.interpretation).toBe('pending');
    expect(judged(first, KIT_TRUST)).toMatchObject({ confidence: 0.7, standing: 'provisional' });
    release();
    await game.play('I sit by the fire and wait.');
    // Turn 1's answer was reconciled on turn 1, in its after-turn apply step, before turn 2 read the truth set.
    const reconciled = await game.truth(1);
    expect(reconciled.classification?.interpretation).toBe('landed');
    expect(reconciled.classification?.reconciliations).toEqual([
      {
        fromTurn: 1,
        failure: null,
        notes: [{ proposition: KIT_TRUST, provisional: 0.7, refined: 0.2, verdict: 'revised' }],
        mayBeRevised: ['kit_trusts'],
      },
    ]);
    await game.settle();
    const second = await game.truth(2);
    // Turn 2's own Stage 4 (the taproom's open questions, judged of nothing) lands with its turn and changes nothing.
    expect(second.classification?.reconciliations).toEqual([
      { fromTurn: 2, failure: null, notes: [], mayBeRevised: [] },
    ]);
    expect(judged(second, KIT_TRUST)).toMatchObject({ confidence: 0.2, standing: 'refined' });
    expect(second.triggers.find((trigger) => trigger.id === 'kit_trusts')?.holds).toBe(false);
    const store = await game.store();
    const turnOne = store.turns().find((turn) => turn.number === 1);
    const stages = store.stageCalls(turnOne?.id ?? 0).map((call) => call.stage);
    const interpretRow = store
      .boundaryRunsOfTurn(turnOne?.id ?? 0, 'after_turn')
      .flatMap((run) => store.boundarySteps(run.id))
      .find((row) => row.step === 'deep_interpretation');
    store.close();
    expect(stages).toContain('deep_interpretation');
    expect(interpretRow).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('leaves the provisional judgment standing when Stage 4 fails, and the turn untouched', async () => {
    const game = await lanternQuay();
    game.fake.interpret(new Error('the classifier model is not loaded'));
    const result = await game.play(PENNY);
    expect(result.kind).toBe('turn');
    // A failed Stage 4 fails no after-turn work: it is saved as the step's answer and reconciled as a failure.
    await game.settle();
    const view = await game.truth();
    expect(view.classification?.interpretation).toBe('failed');
    expect(judged(view, KIT_TRUST)).toMatchObject({ confidence: 0.7, standing: 'provisional' });
  });

  it('holds Tier 3 effects until the scene boundary, then applies them', async () => {
    const game = await lanternQuay();
    await game.play('I step out onto the quay.');
    await game.play('I walk along the quay to the harbour office.');
    await game.play('I show Silas Crane my brass badge.');
    const shown = await game.truth();
    expect(shown.factual.map((fact) => fact.key)).toEqual(
      expect.arrayContaining(['Knows(silas-crane,sam_is_the_boards_man)', 'WorldState(officer_in_town,true)']),
    );
    expect(shown.classification?.deferred).toBe(1);
    const wariness = 'relationship(ambrose-hale,player,wariness)';
    expect(shown.accumulators.map((entry) => entry.key)).not.toContain(wariness);
    await game.play('/end scene');
    await game.play('I look around the office.');
    expect((await game.truth()).accumulators).toContainEqual({ key: wariness, value: 1 });
  });

  it('appends nothing to the ledger for a failed turn; the retried turn counts the judgment once', async () => {
    const game = await lanternQuay();
    game.fake.failNextNarrator();
    const failed = await game.play(PENNY);
    expect(failed.kind).toBe('failed');
    const store = await game.store();
    expect(store.ledger()).toEqual([]);
    store.close();
    await game.play(PENNY);
    const view = await game.truth();
    expect(view.accumulators).toContainEqual({ key: 'trust_delta(player,kit-wickett)', value: 0.2 });
    expect(view.triggers.find((trigger) => trigger.id === 'kit_trusts')?.lastFiredTurn).toBe(1);
  });

  it('rebuilds the same truth set from the save in a new session, and plays on from it', async () => {
    const game = await lanternQuay();
    await game.play(PENNY);
    await game.play('I step out onto the quay.');
    await game.settle(); // turn 2's Stage 4 lands in its after-turn step; read the truth set once it has
    const before = await game.truth();
    const home = setup?.home ?? '';
    await setup?.engine.dispose();
    const engine = await createEngine({
      ports: { clock: manualClock(), ids: countingIds(), rng: fixedSeedRng(), roots: rootsFor(home, STORIES_DIR) },
      appVersion: '0.1.0',
      platform: 'linux',
      llmOverride: { kind: 'scripted', file: 'test' },
      createProvider: async () => game.fake.provider,
    });
    try {
      const again = await engine.handlers['saves.truth']({ id: game.saveId });
      expect(again).toEqual(before);
      const next = await engine.handlers['play.submit']({ saveId: game.saveId, text: 'I look around.', thought: null });
      expect(next.kind).toBe('turn');
    } finally {
      await engine.dispose();
    }
  });
});
