import { afterEach, describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../../engine/api/index.ts';
import type { LlmObjectRequest, LlmProvider } from '../../../engine/llm/index.ts';
import { NARRATION_FIRST } from '../../../engine/turn/narrate.ts';
import { createInstantProvider } from '../../support/instant-provider.ts';
import { startPlay, unwrap, type PlaySetup } from '../../support/playthrough.ts';

// Issue 14 (first prose): the Narrator's leading narration is shown while its beat script is still being written, and
// what a rejected script showed is taken back before its repair is shown.

let setup: PlaySetup | null = null;
afterEach(async () => {
  await setup?.cleanup();
  setup = null;
});

const INPUT = 'I shake the rain from my coat by the fire and ask the landlady for a room.';
const FIRST = 'The fire spits as the wet wool meets it, and steam rises off your shoulders.';
const SECOND = 'Behind the bar, a broad woman sets down a tankard and looks you over.';
const cue = { type: 'cue', character: 'magdalen-rook', mood: 'warm', context: 'the stranger asks for a room' };
const usage = { promptTokens: 0, cachedPromptTokens: 0, generatedTokens: 1, timeToFirstTokenMs: 0, totalMs: 0 };

/**
 * Test double at the LLM boundary: the instant provider, except that the Narrator writes `scripts` (one per call, the
 * last repeating) character by character, and `midway` runs when half of the first script has been written.
 */
function writingProvider(scripts: readonly unknown[], midway: () => void): LlmProvider {
  const instant = createInstantProvider();
  let calls = 0;
  return {
    ...instant,
    async generateObject<T>(request: LlmObjectRequest<T>) {
      if (request.stage !== 'narrator') return instant.generateObject(request);
      const text = JSON.stringify(scripts[Math.min(calls, scripts.length - 1)]);
      const first = calls++ === 0;
      for (const [index, char] of [...text].entries()) {
        if (first && index === Math.floor(text.length / 2)) midway();
        request.onTextDelta?.(char);
        await Promise.resolve();
      }
      return { text, value: request.schema.parse(JSON.parse(text)), usage, model: 'instant', attempts: 1 };
    },
  };
}

/** The text each pending message received, by pending id. */
function streamedText(events: readonly EngineEvent[]): Map<string, string> {
  const text = new Map<string, string>();
  for (const event of events) {
    if (event.type === 'message.delta') text.set(event.pendingId, (text.get(event.pendingId) ?? '') + event.delta);
  }
  return text;
}

describe('narration streaming', () => {
  it('shows the first narration beat while the Narrator is still writing, and commits exactly what it showed', async () => {
    let seenMidway: EngineEvent[] = [];
    const script = { beats: [{ type: 'narration', content: FIRST }, { type: 'narration', content: SECOND }, cue] };
    setup = await startPlay(async () => writingProvider([script], () => (seenMidway = [...(setup?.events ?? [])])));
    const save = unwrap(await setup.api['saves.create']({ packId: 'lantern-quay', seed: 16 }));
    const result = unwrap(await setup.api['play.submit']({ saveId: save.id, text: INPUT }));
    if (result.kind !== 'turn') throw new Error(`the turn did not commit: ${JSON.stringify(result)}`);

    const first = result.messages.find((message) => message.content === FIRST);
    const second = result.messages.find((message) => message.content === SECOND);
    if (first === undefined || second === undefined) throw new Error('the narration was not committed');
    const firstId = `${first.turn}:${first.seq}`;
    // Halfway through the script, the first beat is on show, in part, before the Narrator's call has finished.
    const shownMidway = streamedText(seenMidway).get(firstId) ?? '';
    expect(shownMidway.length).toBeGreaterThan(10);
    expect(FIRST.startsWith(shownMidway)).toBe(true);
    expect(seenMidway.some((event) => event.type === 'stage.finished' && event.stage === 'narrator')).toBe(false);
    // Each beat's deltas add up to its committed text, under the pending id the commit replaces.
    const streamed = streamedText(setup.events);
    expect(streamed.get(firstId)).toBe(FIRST);
    expect(streamed.get(`${second.turn}:${second.seq}`)).toBe(SECOND);
    expect(setup.events.some((event) => event.type === 'message.withdrawn')).toBe(false);
  });

  it('asks for a beat script opening on narration, and shows prose that follows an opening given in one piece', async () => {
    const openings: (string | undefined)[] = [];
    const instant = createInstantProvider();
    // Test double at the LLM boundary: a provider that puts the opening in the prompt, as the local one does, and
    // so streams it whole before the words the model writes after it.
    const opening: LlmProvider = {
      ...instant,
      async generateObject<T>(request: LlmObjectRequest<T>) {
        if (request.stage !== 'narrator') return instant.generateObject(request);
        openings.push(request.replyOpening);
        const written = `${FIRST}"}, ${JSON.stringify(cue)}]}`;
        request.onTextDelta?.(request.replyOpening ?? '');
        for (const char of written) request.onTextDelta?.(char);
        const text = `${request.replyOpening ?? ''}${written}`;
        return { text, value: request.schema.parse(JSON.parse(text)), usage, model: 'instant', attempts: 1 };
      },
    };
    setup = await startPlay(async () => opening);
    const save = unwrap(await setup.api['saves.create']({ packId: 'lantern-quay', seed: 16 }));
    const result = unwrap(await setup.api['play.submit']({ saveId: save.id, text: INPUT }));
    if (result.kind !== 'turn') throw new Error(`the turn did not commit: ${JSON.stringify(result)}`);

    expect(openings[0]).toBe(NARRATION_FIRST);
    const first = result.messages.find((message) => message.content === FIRST);
    if (first === undefined) throw new Error('the narration was not committed');
    expect(streamedText(setup.events).get(`${first.turn}:${first.seq}`)).toBe(FIRST);
  });

  it('takes back what a script with speech in its narration showed, never showing the quoted words', async () => {
    const slipped = { beats: [{ type: 'narration', content: `${FIRST} 'A room, is it?' she calls.` }, cue] };
    const clean = { beats: [{ type: 'narration', content: SECOND }, cue] };
    setup = await startPlay(async () => writingProvider([slipped, clean], () => undefined));
    const save = unwrap(await setup.api['saves.create']({ packId: 'lantern-quay', seed: 16 }));
    const result = unwrap(await setup.api['play.submit']({ saveId: save.id, text: INPUT }));
    if (result.kind !== 'turn') throw new Error(`the turn did not commit: ${JSON.stringify(result)}`);

    const withdrawn = setup.events.filter((event) => event.type === 'message.withdrawn');
    expect(withdrawn).toHaveLength(1);
    const deltas = setup.events.flatMap((event) => (event.type === 'message.delta' ? [event.delta] : []));
    expect(deltas.join('')).not.toContain('A room');
    expect(result.messages.map((message) => message.content)).toContain(SECOND);
    expect(result.messages.map((message) => message.content).join('\n')).not.toContain(FIRST);

    // The rejected beat was on show (up to the open quote) until it was taken back; the repair is shown in its place.
    const [taken] = withdrawn;
    if (taken?.type !== 'message.withdrawn') throw new Error('nothing was withdrawn');
    const at = setup.events.indexOf(taken);
    expect(streamedText(setup.events.slice(0, at)).get(taken.pendingId)?.trim()).toBe(FIRST);
    expect(streamedText(setup.events.slice(at)).get(taken.pendingId)).toBe(SECOND);
  });
});
