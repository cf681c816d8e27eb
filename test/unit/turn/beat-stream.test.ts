import { describe, expect, it } from 'vitest';
import { leadingNarrationScanner } from '../../../engine/turn/beat-stream.ts';

/** Feeds `json` in pieces of `size` characters; returns each leading narration beat's streamed text by index. */
function scan(json: string, size = 1): Map<number, string> {
  const seen = new Map<number, string>();
  const feed = leadingNarrationScanner({ text: (index, chunk) => seen.set(index, (seen.get(index) ?? '') + chunk) });
  for (let start = 0; start < json.length; start += size) feed(json.slice(start, start + size));
  return seen;
}

const narration = (content: string) => ({ type: 'narration', content });
const cue = { type: 'cue', character: 'magdalen-rook', mood: 'warm', context: 'greeting' };

describe('leadingNarrationScanner', () => {
  it('streams each leading narration beat decoded, whatever the chunking', () => {
    const json = JSON.stringify({ beats: [narration('Rain "hisses" on\nthe glass \\ ☂ 𝄞.'), narration('Second.')] });
    for (const size of [1, 2, 3, 7, json.length]) {
      expect(Object.fromEntries(scan(json, size))).toEqual({ 0: 'Rain "hisses" on\nthe glass \\ ☂ 𝄞.', 1: 'Second.' });
    }
  });

  it('decodes \\u escapes, surrogate pairs included, split across chunks', () => {
    const json = '{"beats": [{"type": "narration", "content": "caf\\u00e9 \\ud834\\udd1e"}]}';
    expect(scan(json, 1).get(0)).toBe('café 𝄞');
  });

  it('stops at the first cue: narration after a spoken line waits for it', () => {
    const json = JSON.stringify({ beats: [narration('Before.'), cue, narration('After.')] });
    expect([...scan(json).entries()]).toEqual([[0, 'Before.']]);
  });

  it('streams nothing when a cue comes first', () => {
    expect(scan(JSON.stringify({ beats: [cue, narration('After.')] })).size).toBe(0);
  });

  it('does not stream a beat whose content comes before its type', () => {
    const json = '{"beats": [{"content": "Unsure.", "type": "narration"}, {"type": "narration", "content": "Sure."}]}';
    expect([...scan(json).entries()]).toEqual([[1, 'Sure.']]);
  });

  it('ignores other keys and strings: choices, flags, a context', () => {
    const json = JSON.stringify({
      importance_flags: { promote: ['kit-wickett'] },
      beats: [narration('Only this.'), { ...cue, context: 'not prose' }],
      choices: ['Sit down', 'Leave'],
    });
    expect([...scan(json, 5).entries()]).toEqual([[0, 'Only this.']]);
  });

  it('tolerates whitespace and numbers between tokens', () => {
    const json = '{ "weight" : 0.5 ,\n "beats" : [ { "type" : "narration" , "content" : "Spaced." } ] }';
    expect(scan(json).get(0)).toBe('Spaced.');
  });
});
