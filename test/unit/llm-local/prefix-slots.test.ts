import { describe, expect, it } from 'vitest';
import { PrefixSlots } from '../../../engine/llm/local/prefix-slots.ts';
import { sharedPrefixLength } from '../../../engine/llm/shared-prefix.ts';

const range = (from: number, length: number) => Array.from({ length }, (_, index) => from + index);
/** A prompt: a system head every character stage shares, then one character's own sheet and history. */
const prompt = (character: number, history: number) => [...range(0, 20), ...range(1000 * character, 200 + history)];

function admitDone(slots: PrefixSlots, tokens: readonly number[], principal?: string) {
  const admission = slots.admit(tokens, { principal });
  slots.release(admission.index);
  return admission;
}

describe('routing prompts to KV sequences by what they hold', () => {
  it('gives each character the sequence holding its own history, so its next prompt reuses all of it', () => {
    const slots = new PrefixSlots(3);
    const kit = admitDone(slots, prompt(1, 0));
    const magdalen = admitDone(slots, prompt(2, 0));
    expect(magdalen.index).not.toBe(kit.index); // a shared system head does not take Kit's sequence
    const kitAgain = admitDone(slots, prompt(1, 50));
    expect(kitAgain.index).toBe(kit.index);
    expect(kitAgain.reused).toBe(prompt(1, 0).length);
    expect(admitDone(slots, prompt(2, 80))).toEqual({ index: magdalen.index, reused: prompt(2, 0).length });
  });

  it('evicts the least recently used sequence when a new prompt family needs one', () => {
    const slots = new PrefixSlots(2);
    const first = admitDone(slots, prompt(1, 0));
    const second = admitDone(slots, prompt(2, 0));
    admitDone(slots, prompt(1, 10)); // the first family is used again: the second is now the oldest
    const third = admitDone(slots, prompt(3, 0));
    expect(third.index).toBe(second.index);
    expect(third.reused).toBe(20); // only the shared system head is still there
    expect(admitDone(slots, prompt(1, 20)).index).toBe(first.index);
  });

  it('keeps two characters apart even when most of their prompts are shared instructions', () => {
    const slots = new PrefixSlots(3);
    const instructions = range(0, 600);
    const member = (character: number, round: number) => [...instructions, ...range(1000 * character, 100 + round)];
    const a = admitDone(slots, member(1, 0), 'anselm');
    const b = admitDone(slots, member(2, 0), 'kit'); // shares 600 of anselm's 700 tokens, yet takes its own
    expect(b.index).not.toBe(a.index);
    expect(admitDone(slots, member(1, 5), 'anselm')).toEqual({ index: a.index, reused: 700 });
    expect(admitDone(slots, member(2, 5), 'kit')).toEqual({ index: b.index, reused: 700 });
    // Another principal may take a sequence whose prompt it contains almost whole (the repair of a reply, say).
    expect(admitDone(slots, [...member(2, 5), 7], 'world').index).toBe(b.index);
  });

  it('gives the next character of a one-off stage the sequence the last one left, for the instructions they share', () => {
    const slots = new PrefixSlots(4);
    const instructions = range(0, 300);
    const reflection = (character: number) => [...instructions, ...range(1000 * character, 400)];
    const kit = slots.admit(reflection(1), { principal: 'kit', stage: 'character_reflection' });
    slots.release(kit.index);
    const magdalen = slots.admit(reflection(2), { principal: 'magdalen', stage: 'character_reflection' });
    expect(magdalen).toEqual({ index: kit.index, reused: 300 });
    // A stage whose calls for one character recur (a cohort member's rounds) still extends its own sequence.
    slots.release(magdalen.index);
    expect(slots.admit(reflection(2), { principal: 'magdalen', stage: 'character_reflection' }).index).toBe(
      magdalen.index,
    );
  });

  it('on a CPU, queues a call behind a busy sequence of its stage when they share enough instructions', () => {
    const instructions = range(0, 300);
    const reflection = (character: number) => [...instructions, ...range(1000 * character, 400)];
    const owner = (principal: string) => ({ principal, stage: 'character_reflection' });
    const cpu = new PrefixSlots(4, { queueSameStage: true });
    const kit = cpu.admit(reflection(1), owner('kit'));
    // Kit's reflection still runs: Magdalen's follows it on the same sequence and keeps the shared instructions.
    expect(cpu.admit(reflection(2), owner('magdalen'))).toEqual({ index: kit.index, reused: 300 });
    // A stage that shares too little does not wait; nor does anything on a GPU, where calls decode side by side.
    expect(cpu.admit([...range(0, 100), ...range(5000, 400)], owner('sam')).index).not.toBe(kit.index);
    const gpu = new PrefixSlots(4);
    const first = gpu.admit(reflection(1), owner('kit'));
    expect(gpu.admit(reflection(2), owner('magdalen')).index).not.toBe(first.index);
  });

  it('never reuses the last prompt token (sampling needs its logits) and overwrites no busy sequence', () => {
    const slots = new PrefixSlots(2);
    const busy = slots.admit(prompt(1, 0));
    expect(slots.admit(prompt(1, 0)).reused).toBe(prompt(1, 0).length - 1);
    const other = slots.admit(prompt(2, 0));
    expect(other.index).not.toBe(busy.index);
  });

  it('gives a prompt whose call may never come only a spare sequence or its own, never evicting another', () => {
    const slots = new PrefixSlots(3);
    const narrator = admitDone(slots, prompt(1, 0), 'narrator');
    const spare = slots.admitSpare(prompt(2, 0), { principal: 'ambrose', stage: 'intent_check' });
    expect(spare).not.toBeNull();
    expect(spare?.index).not.toBe(narrator.index);
    slots.release(spare?.index ?? -1);
    // Its next warm-up extends the sequence it holds.
    expect(slots.admitSpare(prompt(2, 30), { principal: 'ambrose' })).toEqual({
      index: spare?.index,
      reused: prompt(2, 0).length,
    });
    slots.release(spare?.index ?? -1);
    admitDone(slots, prompt(3, 0), 'kit'); // the last empty sequence
    // Full: a warm-up of a new prompt takes nothing, though an ordinary call would evict the oldest.
    expect(slots.admitSpare(prompt(4, 0), { principal: 'silas', stage: 'intent_check' })).toBeNull();
    expect(admitDone(slots, prompt(1, 10), 'narrator')).toEqual({ index: narrator.index, reused: prompt(1, 0).length });
  });

  it('lets a likely warm-up take the oldest sequence left from before the last call, never one warmed since', () => {
    const slots = new PrefixSlots(3);
    const magdalen = admitDone(slots, prompt(1, 0), 'magdalen'); // the last scene's character
    const kit = admitDone(slots, prompt(2, 0), 'kit'); // the last call
    // While the player reads, the next turn's Narrator prompt is warmed: now every sequence holds a prompt.
    const narrator = slots.admit(prompt(3, 0), { principal: 'narrator', stage: 'narrator' }, true);
    slots.release(narrator.index);
    const head = (character: number, principal: string) =>
      slots.admitSpare(prompt(character, 0), { principal, stage: 'npc_intent' }, true);
    // A character new to the story: a speculative warm-up takes nothing, a likely one the oldest sequence.
    expect(slots.admitSpare(prompt(4, 0), { principal: 'silas', stage: 'npc_intent' })).toBeNull();
    const silas = head(4, 'silas');
    expect(silas).toEqual({ index: magdalen.index, reused: 20 });
    slots.release(silas?.index ?? -1);
    // The next takes the last call's sequence; then none is left that this round of warm-ups did not fill.
    const ambrose = head(5, 'ambrose');
    expect(ambrose?.index).toBe(kit.index);
    slots.release(ambrose?.index ?? -1);
    expect(head(6, 'hester')).toBeNull();
    // What the warm-ups filled is there for the next turn's calls.
    expect(admitDone(slots, prompt(3, 40), 'narrator')).toEqual({ index: narrator.index, reused: prompt(3, 0).length });
    expect(admitDone(slots, prompt(4, 40), 'silas')).toEqual({ index: magdalen.index, reused: prompt(4, 0).length });
  });

  it('gives a prompt whose call may never come the sequence of its stage and principal, however much it changed', () => {
    const slots = new PrefixSlots(3);
    // A reflection: the instructions and the scene so far, then a long tail of memories and who the character is.
    const reflection = (scene: number, tail: number) => [
      ...range(0, 20),
      ...range(1000, scene),
      ...range(5000 + tail, 400),
    ];
    const kit = { principal: 'kit', stage: 'character_reflection' };
    const first = slots.admitSpare(reflection(100, 0), kit);
    slots.release(first?.index ?? -1);
    admitDone(slots, prompt(2, 0), 'magdalen');
    admitDone(slots, prompt(3, 0), 'silas'); // every sequence holds a prompt now
    // The scene grew and what follows it changed: less than half of what the sequence held is kept, and no sequence
    // is empty, yet the warm-up takes its own back and keeps the scene so far.
    expect(slots.admitSpare(reflection(150, 1), kit)).toEqual({ index: first?.index, reused: 120 });
    slots.release(first?.index ?? -1);
    // Another principal's prompt of the same stage still takes nothing of it.
    expect(slots.admitSpare(reflection(150, 2), { principal: 'sam', stage: 'character_reflection' })).toBeNull();
  });

  it('measures a shared prefix token by token', () => {
    expect(sharedPrefixLength([1, 2, 3], [1, 2, 4])).toBe(2);
    expect(sharedPrefixLength([], [1])).toBe(0);
    expect(() => new PrefixSlots(0)).toThrow(/at least one sequence/u);
  });
});
