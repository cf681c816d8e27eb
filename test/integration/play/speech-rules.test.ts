import { afterEach, describe, expect, it } from 'vitest';
import type { LlmObjectRequest, LlmProvider, LlmRequest } from '../../../engine/llm/index.ts';
import { createInstantProvider } from '../../support/instant-provider.ts';
import { startPlay, unwrap, type PlaySetup } from '../../support/playthrough.ts';

// Issue 24, item 5: on Lantern Quay's arrival, a narration beat with a single-quoted interjection and a dialog reply
// with its attribution each get one repair retry, and only spoken words reach a dialog message.

let setup: PlaySetup | null = null;
afterEach(async () => {
  await setup?.cleanup();
  setup = null;
});

const SLIPPED = "Mother Rook looks up from her ledger and nods once. 'Aye.'";
const CLEAN = 'Mother Rook looks up from her ledger and nods once.';
const ATTRIBUTED = 'Sit, my lamb," she said, and smiled.';

/**
 * Test double at the LLM boundary: the instant provider, except that the first Narrator script slips speech into a
 * narration beat and the first Character Dialog reply carries its attribution; the repairs answer cleanly.
 */
function slippingProvider() {
  const instant = createInstantProvider();
  const prompts: { stage: string; last: string }[] = [];
  let narrated = 0;
  let spoken = 0;
  const last = (request: LlmRequest) => request.messages.at(-1)?.content ?? '';
  const provider: LlmProvider = {
    ...instant,
    async generateObject<T>(request: LlmObjectRequest<T>) {
      prompts.push({ stage: request.stage, last: last(request) });
      if (request.stage !== 'narrator' || narrated++ > 1) return instant.generateObject(request);
      const content = narrated === 1 ? SLIPPED : CLEAN;
      const cue = { type: 'cue', character: 'magdalen-rook', mood: 'warm', context: 'welcoming the stranger' };
      const text = JSON.stringify({ beats: [{ type: 'narration', content }, cue] });
      const usage = { promptTokens: 0, cachedPromptTokens: 0, generatedTokens: 1, timeToFirstTokenMs: 0, totalMs: 0 };
      return { text, value: request.schema.parse(JSON.parse(text)), usage, model: 'instant', attempts: 1 };
    },
    async generateText(request: LlmRequest) {
      prompts.push({ stage: request.stage, last: last(request) });
      if (request.stage !== 'character_dialog' || spoken++ > 1) return instant.generateText(request);
      const text = spoken === 1 ? ATTRIBUTED : 'Sit, my lamb. The fire is lit.';
      request.onTextDelta?.(text);
      const usage = { promptTokens: 0, cachedPromptTokens: 0, generatedTokens: 1, timeToFirstTokenMs: 0, totalMs: 0 };
      return { text, usage, model: 'instant', attempts: 1 };
    },
  };
  return { provider, prompts };
}

describe('speech rules in the turn', () => {
  it('repairs a single-quoted interjection in narration and an attributed dialog line, committing spoken words only', async () => {
    const fake = slippingProvider();
    setup = await startPlay(async () => fake.provider);
    const save = unwrap(await setup.api['saves.create']({ packId: 'lantern-quay', seed: 16 }));
    const result = unwrap(
      await setup.api['play.submit']({
        saveId: save.id,
        text: 'I stamp the coach mud off my boots by the fire and ask the landlady whether Riding Officer Thomas Pell lodges or drinks here.',
      }),
    );
    expect(result.kind).toBe('turn');
    if (result.kind !== 'turn') return;
    const contents = result.messages.map((message) => message.content);
    expect(contents).toContain(CLEAN);
    expect(contents).not.toContain(SLIPPED);
    const magdalen = result.messages.filter((m) => m.owner === 'magdalen-rook' && m.type === 'dialog');
    expect(magdalen[0]?.content).toBe('Sit, my lamb. The fire is lit.');

    const narratorRepair = fake.prompts.filter((p) => p.stage === 'narrator')[1]?.last ?? '';
    expect(narratorRepair).toContain("contains spoken words ('Aye.')");
    const dialogRepair = fake.prompts.filter((p) => p.stage === 'character_dialog')[1]?.last ?? '';
    expect(dialogRepair).toContain('quotes its words inside narration');
  });
});
