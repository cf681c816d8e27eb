import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NPC_STATE_CHECKPOINT, REFLECTION_STEPS, npcStateFromCheckpoint } from '../../../engine/boundary/index.ts';
import { startTinyPlay } from '../../support/tiny-play.ts';

import { unwrap, type PlaySetup } from '../../support/playthrough.ts';
import { openTestSave } from '../../support/saves.ts';

// A real turn on a real GGUF model: node-llama-cpp runs the tiny random-weight llama the project writes itself, so
// every structured stage goes through grammar-constrained generation, zod validation and the turn's commit.
/**
 * The random-weight model writes free text until its token budget unless the grammar closes it; with this seed every
 * stage of the turn and of the boundary closes its JSON within budget. (A template change can move that: if a stage
 * here fails with "Unterminated string", try another seed — the grammar, parsing and logging are what is tested.)
 */
const SEED = 5;
let setup: PlaySetup;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ setup, cleanup } = await startTinyPlay(SEED));
}, 120_000);

afterAll(() => cleanup());

describe('a turn on the local provider with the tiny GGUF model', () => {
  it('commits, with every structured stage parsed and logged with its token counts', async () => {
    const save = unwrap(await setup.api['saves.create']({ packId: 'tutorial', seed: 1 }));
    const result = unwrap(
      await setup.api['play.submit']({ saveId: save.id, text: 'I greet Odile and ask what to do first.' }),
    );
    expect(result, JSON.stringify(result)).toMatchObject({ kind: 'turn', turn: 1 });
    // The extractors run after the turn resolved, as its after-turn work; their calls are logged on the turn.
    expect(unwrap(await setup.api['play.settle']({ saveId: save.id })).failure).toBeNull();

    const store = await openTestSave(path.join(setup.home, 'saves', save.id));
    const calls = store.stageCalls(store.turns()[0]?.id ?? 0);
    const messages = store.messagesBefore(null, 1000);
    store.close();

    const structured = calls.filter((call) => call.stage !== 'character_dialog');
    // The random Narrator may also ask to create a person (tuning.creation is on by default): its stage then runs too.
    const createsPerson = structured.some(
      (call) =>
        call.stage === 'narrator' &&
        JSON.stringify(JSON.parse(call.output ?? '{}').create ?? []).includes('"kind":"character"'),
    );
    expect(new Set(structured.map((call) => call.stage))).toEqual(
      new Set([
        'narrator',
        'persona_extractor',
        'lore_extractor',
        'npc_intent',
        'character_extractor',
        ...(createsPerson ? ['creation'] : []),
      ]),
    );
    for (const call of calls) {
      expect(call.error, `${call.stage} failed`).toBeNull();
      expect(call.provider).toBe('local');
      expect(call.promptTokens ?? 0).toBeGreaterThan(0);
      expect(call.generatedTokens ?? 0).toBeGreaterThan(0);
    }
    for (const call of structured) expect(() => JSON.parse(call.output ?? '')).not.toThrow();
    // The random-weight model writes arbitrary (but schema-valid) beat scripts: narration, cues, or both.
    expect(
      messages.filter((message) => message.type === 'narration' || message.type === 'dialog').length,
    ).toBeGreaterThanOrEqual(2);
    expect(messages.some((message) => message.owner === 'odile-fenn' && message.type === 'intention')).toBe(true);
  }, 120_000);

  it('closes the scene and runs its boundary on the same model: every boundary stage parsed and logged', async () => {
    const save = unwrap(await setup.api['saves.create']({ packId: 'tutorial', seed: 1 }));
    unwrap(await setup.api['play.submit']({ saveId: save.id, text: 'I look around the bindery.' }));
    unwrap(await setup.api['play.submit']({ saveId: save.id, text: '/end scene' }));
    const finished = () =>
      setup.events.find(
        (event) =>
          event.type === 'boundary.progress' &&
          event.saveId === save.id &&
          // The boundary's last run: the reflections, which its first run's checkpoint starts.
          (event.status === 'failed' ||
            (event.step === 'checkpoint' && event.status === 'done' && event.total === REFLECTION_STEPS.length)),
      );
    await vi.waitFor(() => expect(finished()).toBeDefined(), { timeout: 240_000, interval: 200 });
    expect(finished(), JSON.stringify(finished())).toMatchObject({ step: 'checkpoint', status: 'done' });

    const store = await openTestSave(path.join(setup.home, 'saves', save.id));
    const closing = store.turns().find((turn) => turn.number === 2);
    const calls = store.stageCalls(closing?.id ?? 0);
    const npc = npcStateFromCheckpoint(store.latestCheckpoint(NPC_STATE_CHECKPOINT)?.data, store.path);
    store.close();
    // The checkpoint took in what the model wrote: the Chronicler's state and the reflections' memories.
    expect(npc.chronicle).not.toBeNull();
    expect(npc.knowledge.characters['odile-fenn']?.length ?? 0).toBeGreaterThan(0);
    const stages = new Set(calls.map((call) => call.stage));
    expect(stages.has('character_reflection') && stages.has('chronicler')).toBe(true);
    for (const call of calls) {
      expect(call.error, `${call.stage} (${call.principal}) failed`).toBeNull();
      expect(call.provider).toBe('local');
      expect(call.promptTokens ?? 0).toBeGreaterThan(0);
      expect(() => JSON.parse(call.output ?? '')).not.toThrow();
    }
  }, 300_000);
});
