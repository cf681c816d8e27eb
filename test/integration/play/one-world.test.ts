import { afterEach, describe, expect, it } from 'vitest';
import { loadPack, type StoryPack } from '../../../engine/pack/index.ts';
import { eventsReportAt, truthAt } from '../../../engine/turn/classify/index.ts';
import { checkLineOfSight, getAudibleRange } from '../../../engine/world/index.ts';
import { auditPrompt } from '../../support/leak-audit.ts';
import { replaceOnce } from '../../support/lantern-variant.ts';
import { APP_VERSION } from '../../support/packs.ts';
import { unwrap } from '../../support/playthrough.ts';
import { playVariant, type WorldGame } from '../../support/world-play.ts';

let game: WorldGame | null = null;
/** A turn that ran (a failed stage would leave the world untouched and prove nothing). */
function expectTurn(result: Awaited<ReturnType<WorldGame['play']>>): void {
  const played = unwrap(result);
  expect(played.kind === 'failed' ? played : 'turn').toBe('turn');
}
afterEach(async () => {
  await game?.cleanup();
  game = null;
});

const START_ON_THE_QUAY = { 'story.yaml': replaceOnce('  location: drowned-lantern\n', '  location: quay\n') };
/** Ambrose Hale, who holds the Collector's key, on the quay and always acting. */
const AMBROSE_ON_THE_QUAY = {
  ...START_ON_THE_QUAY,
  'characters/ambrose-hale.yaml': (text: string) =>
    replaceOnce(
      'chattiness: 60',
      'chattiness: 100',
    )(replaceOnce('\nlocation: custom-house\n', '\nlocation: quay\n')(text)),
};
/** Kit Wickett on the quay and always acting. */
const KIT_ON_THE_QUAY = {
  'characters/kit-wickett.yaml': (text: string) =>
    replaceOnce(
      'chattiness: 80',
      'chattiness: 100',
    )(replaceOnce('\nlocation: drowned-lantern\n', '\nlocation: quay\n')(text)),
};
const AMBROSE_GOES_IN = 'Unlock the Custom House door with my key, throw it wide open, and step inside.';

describe('one world for everyone (issue 23)', () => {
  it('judges a move by a verb the parser does not know: "slip into" the locked Custom House is refused like "enter"', async () => {
    game = await playVariant(START_ON_THE_QUAY);
    expectTurn(await game.play("I slip into the King's Custom House out of the rain."));
    const state = await game.saved();
    expect(state.location).toBe('quay');
    expect(state.events?.world?.agents['sam-fairweather']?.location).toBe('quay');
    expect(game.fake.last('narrator')).toContain('This cannot happen: The custom house door is closed and locked.');
  });

  it('commits a character’s intention to the world: Ambrose unlocks the door and goes in, and the persona may follow', async () => {
    game = await playVariant(AMBROSE_ON_THE_QUAY, { 'ambrose-hale': AMBROSE_GOES_IN });
    expectTurn(await game.play('I wait by the tide board and watch the Collector.'));
    const after = await game.saved();
    const door = after.events?.world?.objects['custom-house-door']?.state;
    expect(door).toEqual({ open: true, locked: false });
    expect(after.events?.world?.agents['ambrose-hale']?.location).toBe('custom-house');
    expect(after.positions['ambrose-hale']).toBe('custom-house');

    expectTurn(await game.play("I enter the King's Custom House after him."));
    expect(game.fake.last('narrator')).not.toContain('This cannot happen');
    const inside = await game.saved();
    expect(inside.location).toBe('custom-house');
    expect(inside.events?.world?.agents['sam-fairweather']?.location).toBe('custom-house');
  });

  it('refuses a character’s impossible intention: told to the Narrator as what could not happen, the world unchanged', async () => {
    const kitOnTheQuay = { ...START_ON_THE_QUAY, ...KIT_ON_THE_QUAY };
    game = await playVariant(kitOnTheQuay, { 'kit-wickett': 'Open the Custom House door and step inside.' });
    expectTurn(await game.play('I wait by the tide board.'));
    const refusal = game.fake.prompts.filter((prompt) => prompt.stage === 'narrator').at(-1)?.text ?? '';
    expect(refusal).toContain('This cannot happen: Kit Wickett cannot do it: The custom house door is locked.');
    const after = await game.saved();
    expect(after.events?.world?.objects['custom-house-door']?.state).toEqual({ open: false, locked: true });
    expect(after.positions['kit-wickett']).toBe('quay');
  });

  it('applies a compound intention all or nothing: the letter is not dropped when the door will not open', async () => {
    game = await playVariant(START_ON_THE_QUAY);
    expectTurn(await game.play('I drop the letter and open the door.'));
    const prompt = game.fake.last('narrator');
    expect(prompt).toContain(
      'This cannot happen: The custom house door is locked. So none of it happens, not "I drop the letter" either.',
    );
    const state = await game.saved();
    expect(state.events?.world?.objects['boards-letter']?.place).toEqual({ at: 'agent', id: 'sam-fairweather' });
  });
});

describe('perception decides who knows (issue 23)', () => {
  const IN_THE_CHAPEL = {
    'story.yaml': replaceOnce('  location: drowned-lantern\n', '  location: chapel\n'),
    'characters/anselm-mercer.yaml': replaceOnce('chattiness: 35', 'chattiness: 100'),
  };
  const CREEP = 'I creep silently along the wall towards the altar rail.';
  const CALL = 'I call out, "Father Anselm? Are you there?"';

  it('keeps a silent creep in the dark chapel from Father Anselm: he neither reacts nor hears of it (issue 23)', async () => {
    game = await playVariant(IN_THE_CHAPEL);
    expectTurn(await game.play(CREEP));
    // Nobody can see anybody and nothing was said: Anselm, always chatty, does not react at all.
    expect(game.fake.last('npc_intent', 'anselm-mercer')).toBe('');
    // The Narrator is told the dark matters: it tells only what is heard or felt.
    expect(game.fake.last('narrator')).toContain('It is dark here: no one sees anyone');
    expectTurn(await game.play(CALL));
    // A voice carries in the dark: he hears it and reacts, but his prompt still holds nothing of the creep.
    expect(game.fake.last('npc_intent', 'anselm-mercer')).not.toBe('');
    expect(game.fake.last('npc_intent', 'anselm-mercer')).not.toContain(CREEP.toUpperCase());
    const store = await game.store();
    const stream = store.messagesBefore(null, 1000);
    const calls = store.turns().flatMap((turn) => store.stageCalls(turn.id));
    store.close();
    const told = stream.find(
      (message) => message.type === 'narration' && message.content.includes(CREEP.toUpperCase()),
    );
    expect(told?.meta).toEqual({ kind: 'heard', by: ['sam-fairweather'] });
    const pack: StoryPack | null = (await loadPack(game.variant.packDir, { appVersion: APP_VERSION })).pack;
    if (pack === null) throw new Error('the variant does not load');
    expect(calls.flatMap((call) => auditPrompt(call, stream, pack))).toEqual([]);
    // The audit counts such a telling in Anselm's prompt as a leak.
    const [intent] = calls.filter((call) => call.stage === 'npc_intent');
    if (intent === undefined || told === undefined) throw new Error('no intent call');
    const bled = { ...intent, prompt: [...intent.prompt, { role: 'user' as const, content: told.content }] };
    expect(auditPrompt(bled, stream, pack).map((leak) => leak.rule)).toContain(
      'an event its principal did not perceive reached its prompt',
    );
  });

  it('shows the same creep to Father Anselm when the chapel is lit', async () => {
    game = await playVariant({
      ...IN_THE_CHAPEL,
      'world/locations.yaml': replaceOnce(
        '- id: chapel\n  zone: the headland\n  lighting: dark',
        '- id: chapel\n  zone: the headland\n  lighting: normal',
      ),
    });
    expectTurn(await game.play(CREEP));
    expect(game.fake.last('npc_intent', 'anselm-mercer')).toContain(CREEP.toUpperCase());
    // A normally lit place is no news to the Narrator: no line about the light.
    expect(game.fake.last('narrator')).not.toMatch(/It is dark here|The light here is/u);
  });

  it('hears a shout in the tavern on the quay and along it, not on the headland; logs it as a shout', async () => {
    game = await playVariant({});
    expectTurn(await game.play('I shout "Pell! Thomas Pell!" at the top of my lungs.'));
    const state = await game.saved();
    const world = state.events?.world;
    if (world === undefined || world === null) throw new Error('no world');
    expect(getAudibleRange(world, 'drowned-lantern', 'shout')).toEqual([
      'custom-house',
      'drowned-lantern',
      'harbour-office',
      'quay',
    ]);
    const store = await game.store();
    const report = eventsReportAt(store, 1);
    store.close();
    expect(report?.worldLog.find((entry) => entry.input.type === 'speak')?.input).toMatchObject({ volume: 'shout' });
  });

  it('keeps seeThrough as authored in both directions: nobody sees the quay from the lighthouse', async () => {
    game = await playVariant({});
    expectTurn(await game.play('I look around the taproom.'));
    const world = (await game.saved()).events?.world;
    if (world === undefined || world === null) throw new Error('no world');
    expect(checkLineOfSight(world, 'quay', 'lighthouse')).toBe(false);
    expect(checkLineOfSight(world, 'lighthouse', 'quay')).toBe(false);
    expect(checkLineOfSight(world, 'chapel', 'quay')).toBe(false);
  });
});

describe('one clock (issue 23)', () => {
  it('keeps world time with play time, through moves and a /skip, as logged world changes', async () => {
    game = await playVariant({});
    expectTurn(await game.play('I step out onto the quay.'));
    const out = await game.saved();
    expect(out.time).toBe('1768-09-29T21:31');
    expect(out.events?.world?.environment.minuteOfDay).toBe(21 * 60 + 31);
    unwrap(await game.play('/skip 30m'));
    expectTurn(await game.play('I look at the tide board.'));
    const later = await game.saved();
    expect(later.time).toBe('1768-09-29T22:01');
    expect(later.events?.world?.environment.minuteOfDay).toBe(22 * 60 + 1);
    // The skip closes the scene: its boundary moves the world's clock, as an entry of the skip's turn.
    const logs = await game.worldLogs();
    expect(
      logs.find((entry) => entry.input.type === 'set_time' && entry.input.minuteOfDay === 22 * 60 + 1),
    ).toMatchObject({ id: 'w2b.1', turn: 2 });
  });
});

describe('one truth (issue 23)', () => {
  /** A trigger that waits on the Collector's place and his door: facts only the world knows. */
  const COLLECTOR_GOES_IN = (text: string) =>
    `${text}
- id: collector_goes_in
  subscriber: storykeeper
  tier: immediate
  lifecycle: { kind: OneShot }
  predicate:
    kind: All
    of:
      - { kind: Atom, proposition: "At(ambrose-hale,custom-house)" }
      - { kind: Atom, proposition: "WorldState(custom-house-door.open,true)" }
  effects:
    - { kind: SetWorldState, key: collector_inside, value: true }
`;

  it('reads places, object states and flags from the world: a character’s move fires a trigger', async () => {
    game = await playVariant(
      { ...AMBROSE_ON_THE_QUAY, 'triggers.yaml': COLLECTOR_GOES_IN },
      { 'ambrose-hale': AMBROSE_GOES_IN },
    );
    expectTurn(await game.play('I wait by the tide board and watch the Collector.'));
    expectTurn(await game.play('I wait by the tide board.'));
    const store = await game.store();
    const truth = truthAt(store, 2, 0.5);
    const report = eventsReportAt(store, 2);
    store.close();
    const facts = [...truth.factual.keys()];
    // Where the persona stands though it never moved, where Ambrose went, his door, the story's flags.
    expect(facts).toEqual(
      expect.arrayContaining([
        'At(player,quay)',
        'At(ambrose-hale,custom-house)',
        'WorldState(custom-house-door.open,true)',
        'WorldState(officer_in_town,false)',
        'WorldState(collector_inside,true)',
      ]),
    );
    expect(report?.firings.map((firing) => firing.subscriptionId)).toContain('collector_goes_in');
    // The trigger's SetWorldState is the world's flag too: one fact, not two.
    expect((await game.saved()).events?.world?.environment.flags['collector_inside']).toBe(true);
  });
});

describe('intentions prepared while the Narrator writes (issue 23, tuning.prepareIntents)', () => {
  /** On the quay, with the option on (one edit of story.yaml: a second would replace the first). */
  const PREPARED = {
    'story.yaml': (text: string) =>
      `${replaceOnce('  location: drowned-lantern\n', '  location: quay\n')(text)}\ntuning:\n  prepareIntents: true\n`,
  };
  const npcIntentCalls = async (principal: string) => {
    const store = await game?.store();
    if (store === undefined) throw new Error('no game');
    const calls = store.turns().flatMap((turn) => store.stageCalls(turn.id));
    store.close();
    return calls.filter((call) => call.stage === 'npc_intent' && call.principal === principal).length;
  };

  it('keeps a prepared intention the world still accepts: asked once, committed as decided', async () => {
    game = await playVariant({ ...AMBROSE_ON_THE_QUAY, ...PREPARED }, { 'ambrose-hale': AMBROSE_GOES_IN });
    expectTurn(await game.play('I wait by the tide board and watch the Collector.'));
    expect(await npcIntentCalls('ambrose-hale')).toBe(1);
    const after = await game.saved();
    expect(after.events?.world?.agents['ambrose-hale']?.location).toBe('custom-house');
  });

  it('decides again when the world refuses the prepared intention, then tells the refusal as before', async () => {
    game = await playVariant(
      {
        ...PREPARED,
        ...KIT_ON_THE_QUAY,
      },
      { 'kit-wickett': 'Open the Custom House door and step inside.' },
    );
    expectTurn(await game.play('I wait by the tide board.'));
    expect(await npcIntentCalls('kit-wickett')).toBe(2);
    expect(game.fake.last('narrator')).toContain('This cannot happen: Kit Wickett cannot do it');
  });
});
