import { afterEach, describe, expect, it } from 'vitest';
import {
  sharedPrefixLength,
  type LlmMessage,
  type LlmObjectRequest,
  type LlmProvider,
  type LlmRequest,
  type LlmWarmRequest,
  type WarmResult,
} from '../../../engine/llm/index.ts';
import { createInstantProvider } from '../../support/instant-provider.ts';
import { startPlay, unwrap, type PlaySetup } from '../../support/playthrough.ts';
import { promptAsText as text, until } from '../../support/warm-up-helpers.ts';

// Issue 14: while the player reads, the session puts the next Narrator prompt through the model up to where the
// player's input goes, so the next turn's first Narrator call finds its instructions, setting and history already in
// the KV cache (the first prose); then the Chronicler's, up to the scene that will close (the scene boundary's wait).

let setup: PlaySetup | null = null;
afterEach(async () => {
  await setup?.cleanup();
  setup = null;
});

const OFFSCREEN_STAGES: readonly string[] = ['intent_check', 'standalone_simulation'];
/** The stages whose prompt heads are warmed per principal (engine/turn/prompt-heads.ts). */
const HEAD_STAGES: readonly string[] = ['npc_intent', 'character_dialog', 'persona_extractor', 'character_extractor'];

/**
 * Test double at the LLM boundary: the instant provider, with the warm-up a local provider has; it records each
 * warm-up and each Narrator prompt. `hold` keeps a warm-up running until its signal aborts.
 */
function warmingProvider(hold = false) {
  const instant = createInstantProvider();
  const warms: LlmWarmRequest[] = [];
  const narrated: (readonly LlmMessage[])[] = [];
  const chronicled: (readonly LlmMessage[])[] = [];
  const interpreted: (readonly LlmMessage[])[] = [];
  /** The off-screen stages' calls at a scene's close. */
  const offscreen: Pick<LlmRequest, 'stage' | 'principal' | 'messages'>[] = [];
  /** The reflections' calls after a scene's close. */
  const reflections: Pick<LlmRequest, 'stage' | 'principal' | 'messages'>[] = [];
  /** The calls of the stages whose heads are warmed (HEAD_STAGES). */
  const characters: Pick<LlmRequest, 'stage' | 'principal' | 'messages'>[] = [];
  /** For each Narrator call: whether every warm-up had been stopped when it began. */
  const warmsStopped: boolean[] = [];
  const provider: LlmProvider = {
    ...instant,
    async generateObject<T>(request: LlmObjectRequest<T>) {
      if (request.stage === 'narrator') {
        narrated.push(request.messages);
        warmsStopped.push(warms.every((warm) => warm.signal?.aborted === true));
      }
      if (request.stage === 'chronicler') chronicled.push(request.messages);
      if (request.stage === 'deep_interpretation') interpreted.push(request.messages);
      if (OFFSCREEN_STAGES.includes(request.stage)) offscreen.push(request);
      if (request.stage === 'character_reflection') reflections.push(request);
      if (HEAD_STAGES.includes(request.stage)) characters.push(request);
      return instant.generateObject(request);
    },
    async generateText(request: LlmRequest) {
      if (HEAD_STAGES.includes(request.stage)) characters.push(request);
      return instant.generateText(request);
    },
    async warm(request: LlmWarmRequest): Promise<WarmResult> {
      warms.push(request);
      if (hold && request.signal !== undefined && !request.signal.aborted)
        await new Promise((resolve) => request.signal?.addEventListener('abort', resolve, { once: true }));
      return { promptTokens: 1, evaluatedTokens: 1, totalMs: 0, aborted: request.signal?.aborted ?? false };
    },
  };
  /** The Narrator's warm-ups, oldest first. */
  const narratorWarms = () => warms.filter((warm) => warm.stage === 'narrator');
  return {
    provider,
    warms,
    narratorWarms,
    narrated,
    chronicled,
    interpreted,
    offscreen,
    reflections,
    characters,
    warmsStopped,
  };
}

/** The lines of a Narrator prompt's Tier 3 ("What matters now"). */
function tier3(prompt: string): string[] {
  const heading = prompt.indexOf('\nWhat matters now');
  if (heading < 0) return [];
  const after = prompt
    .slice(heading + 1)
    .split('\n')
    .slice(1);
  const end = after.findIndex((line) => !line.startsWith('- ('));
  return end < 0 ? after : after.slice(0, end);
}

/** The warmed prompt holds Tier 3 as it stood, and the turn's prompt shares it up to the last of those lines it kept. */
function expectStandingTierShared(warmed: string, next: string): void {
  const standing = tier3(warmed);
  const kept = standing.filter((line) => tier3(next).includes(line));
  const last = kept.at(-1) ?? '';
  expect(kept.length).toBeGreaterThan(0);
  expect(tier3(next).slice(0, kept.length)).toEqual(kept);
  expect(sharedPrefixLength(warmed, next)).toBeGreaterThanOrEqual(next.indexOf(last) + last.length);
}

/** Starts play with the provider on Lantern Quay (seed 16) and plays its first turn. */
async function playFirstTurn(provider: LlmProvider) {
  setup = await startPlay(async () => provider);
  const save = unwrap(await setup.api['saves.create']({ packId: 'lantern-quay', seed: 16 }));
  const first = unwrap(await setup.api['play.submit']({ saveId: save.id, text: 'I shake the rain from my coat.' }));
  if (first.kind !== 'turn') throw new Error('turn 1 did not commit');
  return { api: setup.api, first };
}

describe('the next Narrator prompt, warmed while the player reads', () => {
  it('holds everything the next turn’s first Narrator prompt begins with, up to the player’s input', async () => {
    const fake = warmingProvider();
    const { api, first } = await playFirstTurn(fake.provider);
    await until(() => fake.narratorWarms().length > 0);
    const warmed = text(fake.narratorWarms().at(-1)?.messages ?? []);
    const before = fake.narrated.length;
    await api['play.submit']({ saveId: first.saveId, text: 'I ask the landlady for a room.' });
    const next = text(fake.narrated[before] ?? []);
    const lastLine = first.messages.at(-1)?.content ?? '';
    expect(lastLine).not.toBe('');
    // The shared part runs past the last line of turn 1: the story so far, whole.
    expect(sharedPrefixLength(warmed, next)).toBeGreaterThan(next.indexOf(lastLine) + lastLine.length);
    expect(next.slice(sharedPrefixLength(warmed, next))).toContain('I ask the landlady for a room.');
    // The creation brief comes before the input's own guidance, and the warm-up holds it whole.
    const brief = next.indexOf('Only if the story needs someone or something this world lacks');
    expect(brief).toBeGreaterThan(next.indexOf(lastLine));
    expect(sharedPrefixLength(warmed, next)).toBeGreaterThan(
      next.indexOf('Never for anyone or anything already here.'),
    );
    // Tier 3 as it stood before the input: the turn lists the lines it retrieved too first.
    expectStandingTierShared(warmed, next);
  });

  it('opens the next scene: its marker and cast are in the warmed prompt', async () => {
    const fake = warmingProvider();
    const { api, first } = await playFirstTurn(fake.provider);
    const ended = unwrap(await api['play.submit']({ saveId: first.saveId, text: '/end scene' }));
    const warmsBefore = fake.narratorWarms().length;
    // The boundary runs first; the warm-up follows it, on what it wrote.
    await until(() => fake.narratorWarms().length > warmsBefore);
    const warmed = text(fake.narratorWarms().at(-1)?.messages ?? []);
    const before = fake.narrated.length;
    await api['play.submit']({ saveId: ended.saveId, text: 'I step out onto the quay.' });
    const next = text(fake.narrated[before] ?? []);
    const marker = /— Scene 2[^\n]*/u.exec(next)?.[0];
    expect(marker).toBeDefined();
    expect(sharedPrefixLength(warmed, next)).toBeGreaterThan(next.indexOf(marker ?? '') + (marker ?? '').length);
    // Tier 3 as the new scene stands, weighed at its entry as the turn weighs it.
    expectStandingTierShared(warmed, next);
  });

  it('warms nothing while the player has the head start turned off, and again once it is back on', async () => {
    const fake = warmingProvider();
    setup = await startPlay(async () => fake.provider);
    const { api } = setup;
    unwrap(await api['settings.update']({ play: { choices: true, warmUp: false } }));
    const save = unwrap(await api['saves.create']({ packId: 'lantern-quay', seed: 16 }));
    const first = unwrap(await api['play.submit']({ saveId: save.id, text: 'I shake the rain from my coat.' }));
    if (first.kind !== 'turn') throw new Error('turn 1 did not commit');
    expect(unwrap(await api['play.settle']({ saveId: first.saveId })).failure).toBeNull();
    unwrap(await api['settings.update']({ play: { choices: true, warmUp: true } }));
    const second = unwrap(await api['play.submit']({ saveId: first.saveId, text: 'I ask the landlady for a room.' }));
    if (second.kind !== 'turn') throw new Error('turn 2 did not commit');
    await until(() => fake.narratorWarms().length > 0);
    // Every Narrator warm-up holds the second turn's last line, and the Chronicler's came after it: none ran while the
    // setting was off.
    const lastLine = second.messages.at(-1)?.content ?? '';
    expect(lastLine).not.toBe('');
    for (const warm of fake.narratorWarms()) expect(text(warm.messages)).toContain(lastLine);
    expect(fake.warms[0]?.stage).toBe('narrator');
  });

  it('stops a warm-up under way as soon as the player submits', async () => {
    const fake = warmingProvider(true);
    const { api, first } = await playFirstTurn(fake.provider);
    await until(() => fake.warms.length > 0);
    const running = fake.warms.at(-1);
    expect(running?.signal?.aborted).toBe(false);
    const before = fake.narrated.length;
    const second = api['play.submit']({ saveId: first.saveId, text: 'I ask the landlady for a room.' });
    expect(unwrap(await second).kind).toBe('turn');
    // The turn's first Narrator call began only once the warm-up had been told to stop.
    expect(running?.signal?.aborted).toBe(true);
    expect(fake.warmsStopped[before]).toBe(true);
  });
});

describe('the per-principal prompt heads, warmed while the player reads', () => {
  it('hold each one’s instructions, sheet and the story so far, which its first call next turn begins with', async () => {
    const fake = warmingProvider();
    const { api, first } = await playFirstTurn(fake.provider);
    await until(() => fake.warms.some((warm) => warm.stage === 'chronicler'));
    const stages = fake.warms.map((warm) => warm.stage);
    // The characters' after the Narrator's (the next input waits for them); the extractors' after Stage 4's.
    expect(stages.indexOf('npc_intent')).toBe(stages.indexOf('narrator') + 1);
    expect(stages.indexOf('persona_extractor')).toBe(stages.indexOf('deep_interpretation') + 1);
    expect(stages.indexOf('chronicler')).toBeGreaterThan(stages.lastIndexOf('character_extractor'));
    const heads = fake.warms.filter((warm) => HEAD_STAGES.includes(warm.stage));
    // Whether a character acts is not known: their heads may not cost another prompt its sequence. The persona's
    // extractor runs after every turn.
    for (const warm of heads) expect(warm.speculative, warm.stage).toBe(warm.stage !== 'persona_extractor');
    const lastLine = first.messages.at(-1)?.content ?? '';
    expect(lastLine).not.toBe('');
    const before = fake.characters.length;
    const second = unwrap(await api['play.submit']({ saveId: first.saveId, text: 'I ask the landlady for a room.' }));
    expect(unwrap(await api['play.settle']({ saveId: second.saveId })).failure).toBeNull();
    // A character's intent and dialog open alike, so either finds the one head of its principal.
    const headStage = (stage: string) => (stage === 'character_dialog' ? 'npc_intent' : stage);
    const firstCalls = new Map<string, { stage: string; asked: string }>();
    for (const call of fake.characters.slice(before)) {
      const key = `${headStage(call.stage)} ${call.principal ?? ''}`;
      if (!firstCalls.has(key)) firstCalls.set(key, { stage: headStage(call.stage), asked: text(call.messages) });
    }
    expect([...firstCalls.values()].map((call) => call.stage)).toEqual(
      expect.arrayContaining(['npc_intent', 'persona_extractor', 'character_extractor']),
    );
    for (const [key, { stage, asked }] of firstCalls) {
      const warmed = text(heads.find((warm) => `${warm.stage} ${warm.principal ?? ''}` === key)?.messages ?? []);
      expect(warmed, `${key} was warmed`).toContain(lastLine);
      // The whole head, through turn 1's last line, is where the call begins; the turn's own lines and task follow.
      expect(sharedPrefixLength(warmed, asked), key).toBe(warmed.length);
      expect(asked.length, stage).toBeGreaterThan(warmed.length);
    }
    // The persona's extractor reads the story before the turn, which the input leaves as it is: its head runs on
    // through the persona's states, up to where the turn's intention goes.
    const personaHead = text(heads.find((warm) => warm.stage === 'persona_extractor')?.messages ?? []);
    expect(personaHead.indexOf('Current states:')).toBeGreaterThan(personaHead.indexOf(lastLine));
  });
});

describe('Stage 4’s prompt, warmed after the Narrator’s while the player reads', () => {
  /** The next Stage 4 call of the turn `input` plays, and the last warm-up of its prompt before it. */
  async function warmedThenAsked(
    fake: ReturnType<typeof warmingProvider>,
    api: PlaySetup['api'],
    saveId: string,
    input: string,
  ) {
    const interpretWarms = () => fake.warms.filter((warm) => warm.stage === 'deep_interpretation');
    await until(() => interpretWarms().length > 0);
    const warmed = text(interpretWarms().at(-1)?.messages ?? []);
    const before = fake.interpreted.length;
    const played = unwrap(await api['play.submit']({ saveId, text: input }));
    await until(() => fake.interpreted.length > before);
    return { warmed, asked: text(fake.interpreted[before] ?? []), saveId: played.saveId };
  }

  function expectSharedUpToAction({ warmed, asked }: { warmed: string; asked: string }): void {
    const action = asked.indexOf('\n\nThe action (');
    expect(action).toBeGreaterThan(asked.indexOf('Propositions:\n- '));
    expect(sharedPrefixLength(warmed, asked)).toBeGreaterThanOrEqual(action);
  }

  it('holds what the scene listens for, who is present and the recent story: all but the action', async () => {
    const fake = warmingProvider();
    const { api, first } = await playFirstTurn(fake.provider);
    const stages = () => fake.warms.map((warm) => warm.stage);
    await until(() => stages().includes('deep_interpretation'));
    // After the Narrator's and the characters' heads, which the next turn's prose waits for.
    expect(stages().indexOf('deep_interpretation')).toBeGreaterThan(stages().lastIndexOf('npc_intent'));
    expect(stages().lastIndexOf('npc_intent')).toBeGreaterThan(stages().indexOf('narrator'));
    const lastLine = first.messages.at(-1)?.content ?? '';
    const turn = await warmedThenAsked(fake, api, first.saveId, 'I ask the landlady for a room.');
    expect(turn.asked).toContain(lastLine);
    expectSharedUpToAction(turn);
    // At a scene's opening too: the new scene's propositions and its cast are already there.
    const ended = unwrap(await api['play.submit']({ saveId: turn.saveId, text: '/end scene' }));
    const warmsBefore = fake.warms.length;
    await until(() => fake.warms.slice(warmsBefore).some((warm) => warm.stage === 'deep_interpretation'));
    const opening = await warmedThenAsked(fake, api, ended.saveId, 'I step out onto the quay.');
    expectSharedUpToAction(opening);
  });
});

describe('the Chronicler’s prompt, warmed after the Narrator’s while the player reads', () => {
  it('holds everything the Chronicler reads of the scene that closes, up to the time passed', async () => {
    const fake = warmingProvider();
    const { api, first } = await playFirstTurn(fake.provider);
    await until(() => fake.warms.some((warm) => warm.stage === 'chronicler'));
    const stages = fake.warms.map((warm) => warm.stage);
    expect(stages.indexOf('chronicler')).toBeGreaterThan(stages.indexOf('narrator'));
    const warmed = text(fake.warms.findLast((warm) => warm.stage === 'chronicler')?.messages ?? []);
    unwrap(await api['play.submit']({ saveId: first.saveId, text: '/end scene' }));
    await until(() => fake.chronicled.length > 0);
    const closing = text(fake.chronicled[0] ?? []);
    const time = closing.indexOf('\nTime: ');
    const scene = closing.indexOf('The scene that just ended:\n');
    expect(scene).toBeGreaterThan(closing.indexOf('What the world knows:'));
    expect(time).toBeGreaterThan(scene);
    // Turn 1's last line is the scene's last: the close was a turn of markers only.
    const lastLine = first.messages.at(-1)?.content ?? '';
    expect(closing.slice(scene, time)).toContain(lastLine);
    // Its instructions, the world's forces, what the world knows and the scene's lines so far: everything up to the
    // time the scene closed at.
    expect(sharedPrefixLength(warmed, closing)).toBeGreaterThan(closing.indexOf(' → ', time));
  });
});

describe('the off-screen stages’ prompts, warmed after the Chronicler’s while the player reads', () => {
  it('hold each character’s sheet as the scene’s close asks with it, on spare sequences only', async () => {
    const fake = warmingProvider();
    const { api, first } = await playFirstTurn(fake.provider);
    await until(() => fake.warms.some((warm) => warm.stage === 'standalone_simulation'));
    const warmed = fake.warms.filter((warm) => OFFSCREEN_STAGES.includes(warm.stage));
    const stages = fake.warms.map((warm) => warm.stage);
    expect(stages.indexOf('intent_check')).toBeGreaterThan(stages.indexOf('chronicler'));
    // The scene may go on: none of them may cost a turn's stage its cached prompt.
    expect(warmed.every((warm) => warm.speculative === true)).toBe(true);
    unwrap(await api['play.submit']({ saveId: first.saveId, text: '/end scene' }));
    expect(unwrap(await api['play.settle']({ saveId: first.saveId })).failure).toBeNull();
    expect(fake.offscreen.map((call) => call.stage)).toEqual(expect.arrayContaining([...OFFSCREEN_STAGES]));
    for (const call of fake.offscreen) {
      const asked = text(call.messages);
      const held = warmed.find((warm) => warm.stage === call.stage && warm.principal === call.principal);
      expect(held, `${call.stage} of ${call.principal ?? '?'} was warmed`).toBeDefined();
      // Its instructions and the character's whole sheet: everything up to the period the close chose.
      expect(sharedPrefixLength(text(held?.messages ?? []), asked)).toBeGreaterThan(asked.indexOf('\nThe period:'));
    }
  });
});

describe('the reflections’ prompts, warmed last while the player reads', () => {
  it('hold each one’s scene as the close asks with it, whatever the close adds after, on spare sequences only', async () => {
    const fake = warmingProvider();
    const { api, first } = await playFirstTurn(fake.provider);
    await until(() => fake.warms.some((warm) => warm.stage === 'character_reflection'));
    const stages = fake.warms.map((warm) => warm.stage);
    // After the close's first run's stages, which the next input waits for.
    expect(stages.indexOf('character_reflection')).toBeGreaterThan(stages.lastIndexOf('standalone_simulation'));
    const warmed = fake.warms.filter((warm) => warm.stage === 'character_reflection');
    expect(warmed.every((warm) => warm.speculative === true)).toBe(true);
    unwrap(await api['play.submit']({ saveId: first.saveId, text: '/end scene' }));
    expect(unwrap(await api['play.settle']({ saveId: first.saveId })).failure).toBeNull();
    // The persona and the characters present, each from its own view.
    expect(fake.reflections.length).toBeGreaterThan(1);
    for (const call of fake.reflections) {
      const asked = text(call.messages);
      const held = warmed.find((warm) => warm.principal === call.principal);
      expect(held, `the reflection of ${call.principal ?? '?'} was warmed`).toBeDefined();
      const scene = asked.indexOf('as the character named below lived it:\n');
      const after = ['\nWhat anyone could know:', '\nYou are '].map((marker) => asked.indexOf(marker, scene));
      const sceneEnd = Math.min(...after.filter((at) => at > 0));
      expect(scene).toBeGreaterThan(0);
      // Its instructions, the cast and every line of the scene it lived: all but what only the close recalls.
      expect(sharedPrefixLength(text(held?.messages ?? []), asked), call.principal).toBeGreaterThanOrEqual(sceneEnd);
    }
  });
});

describe('a scene yet to begin', () => {
  it('warms no reflection on it: its lines are those its first turn will write', async () => {
    const fake = warmingProvider();
    const { api, first } = await playFirstTurn(fake.provider);
    await until(() => fake.warms.some((warm) => warm.stage === 'character_reflection'));
    // Leaving for another place closes the scene; the next one opens with the next input.
    const left = unwrap(await api['play.submit']({ saveId: first.saveId, text: 'I step out onto the quay.' }));
    expect(unwrap(await api['play.settle']({ saveId: left.saveId })).failure).toBeNull();
    const warmsBefore = fake.warms.length;
    // The off-screen stages' warm-ups, which the reflections' would follow.
    await until(() => fake.warms.slice(warmsBefore).some((warm) => warm.stage === 'standalone_simulation'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.warms.slice(warmsBefore).map((warm) => warm.stage)).not.toContain('character_reflection');
  });
});
