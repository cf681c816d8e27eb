import { describe, expect, it } from 'vitest';
import { activateNpcs } from '../../../engine/turn/activation.ts';
import { parseDuration, parseInput } from '../../../engine/turn/commands.ts';
import {
  cleanSpokenWords,
  dialogProblem,
  findSpeech,
  spokenOnly,
  spokenWordsStream,
} from '../../../engine/turn/speech-check.ts';
import { sfc32FromSeed } from '../../../engine/platform/index.ts';

describe('NPC activation', () => {
  const candidates = [
    { id: 'quiet', chattiness: 10, baked: false },
    { id: 'keeper', chattiness: 0, baked: true },
    { id: 'talker', chattiness: 90, baked: false },
    { id: 'always', chattiness: 100, baked: false },
    { id: 'never', chattiness: 0, baked: false },
  ];

  it('puts baked NPCs first, then the rest by chattiness descending, each rolling against it', () => {
    const uncapped = candidates.length;
    const runs = Array.from(
      { length: 200 },
      (_, seed) => activateNpcs(candidates, sfc32FromSeed(seed), uncapped).active,
    );
    for (const active of runs) {
      expect(active[0]).toBe('keeper');
      expect(active).toContain('always');
      expect(active).not.toContain('never');
      const order = active.slice(1).map((id) => candidates.findIndex((c) => c.id === id));
      const chattiness = order.map((index) => candidates[index]?.chattiness ?? 0);
      expect(chattiness).toEqual([...chattiness].sort((a, b) => b - a));
    }
    const talkerRate = runs.filter((active) => active.includes('talker')).length / runs.length;
    expect(talkerRate).toBeGreaterThan(0.8);
    expect(runs.filter((active) => active.includes('quiet')).length / runs.length).toBeLessThan(0.25);
  });

  it('lets at most `cap` characters act (2 by default): the first in activation order, baked ones even past it', () => {
    for (let seed = 0; seed < 200; seed += 1) {
      const uncapped = activateNpcs(candidates, sfc32FromSeed(seed), candidates.length);
      expect(activateNpcs(candidates, sfc32FromSeed(seed)).active).toEqual(uncapped.active.slice(0, 2));
      expect(activateNpcs(candidates, sfc32FromSeed(seed), 3).active).toEqual(uncapped.active.slice(0, 3));
      // A baked character is story-critical: a cap of 0 leaves it acting, alone.
      expect(activateNpcs(candidates, sfc32FromSeed(seed), 0).active).toEqual(['keeper']);
    }
    // Every character still rolls: the seeded RNG is where it would be without the cap.
    const [capped, free] = [sfc32FromSeed(9), sfc32FromSeed(9)];
    activateNpcs(candidates, capped, 1);
    activateNpcs(candidates, free, candidates.length);
    expect(capped.state()).toEqual(free.state());
  });

  it('activates only characters who perceive the persona’s doing, without giving the others a place or a roll (issue 23)', () => {
    const blind = new Set(['keeper', 'always']);
    const perceives = (id: string) => !blind.has(id);
    for (let seed = 0; seed < 100; seed += 1) {
      const [seen, all] = [sfc32FromSeed(seed), sfc32FromSeed(seed)];
      const active = activateNpcs(candidates, seen, 2, perceives).active;
      const uncapped = activateNpcs(candidates, all, candidates.length).active;
      expect(active).toEqual(uncapped.filter(perceives).slice(0, 2));
      // Everyone rolled: the seeded RNG moves on exactly as when everybody perceives.
      expect(seen.state()).toEqual(all.state());
    }
  });

  it('is deterministic for a seed', () => {
    expect(activateNpcs(candidates, sfc32FromSeed(5))).toEqual(activateNpcs(candidates, sfc32FromSeed(5)));
  });

  it('reports silence when every non-baked NPC stays quiet', () => {
    const result = activateNpcs(
      [
        { id: 'keeper', chattiness: 0, baked: true },
        { id: 'mute', chattiness: 0, baked: false },
      ],
      sfc32FromSeed(1),
    );
    expect(result).toEqual({ active: ['keeper'], silence: true });
  });
});

describe('out-of-character commands', () => {
  it.each([
    ['/undo', { kind: 'undo' }],
    ['/retry', { kind: 'retry' }],
    ['/end scene', { kind: 'end_scene' }],
    ['/skip 2h', { kind: 'skip', duration: '2h', minutes: 120 }],
    [
      '/whisper mara Meet me at the lighthouse',
      { kind: 'whisper', target: 'mara', intention: 'Meet me at the lighthouse' },
    ],
  ])('parses %s', (text, command) => {
    expect(parseInput(text)).toEqual({ kind: 'command', command });
  });

  it('treats anything else as an intention, with the optional thought', () => {
    expect(parseInput('  I open the door ', ' Careful. ')).toEqual({
      kind: 'intention',
      intention: 'I open the door',
      thought: 'Careful.',
    });
  });

  it('explains bad commands instead of sending them to the story', () => {
    expect(parseInput('/skip soon')).toMatchObject({ kind: 'invalid' });
    expect(parseInput('/dance')).toMatchObject({ kind: 'invalid', message: expect.stringContaining('/help') });
    expect(parseInput('   ')).toMatchObject({ kind: 'invalid' });
  });

  it('reads durations', () => {
    expect(parseDuration('1h30m')).toBe(90);
    expect(parseDuration('2 hours')).toBe(120);
    expect(parseDuration('1d')).toBe(1440);
    expect(parseDuration('later')).toBeNull();
  });
});

describe('speech in narration', () => {
  it('finds quoted speech of two or more words in any quotation style', () => {
    expect(findSpeech('She turns. "Get out of my office," she says.')).toBe('"Get out of my office,"');
    expect(findSpeech('He mutters «pas maintenant» and leaves.')).toBe('«pas maintenant»');
    expect(findSpeech('The sign reads “Closed”.')).toBeNull();
    expect(findSpeech('Rain on the quay.')).toBeNull();
    expect(findSpeech('She only shouts "Run!" and is gone.')).toBe('"Run!"');
  });

  it('finds single-quoted speech, quoted interjections and dash-led lines, not apostrophes or mid-line dashes', () => {
    expect(findSpeech("Kit tugs his sleeve. 'Keep it down, mister,' she hisses.")).toBe("'Keep it down, mister,'");
    expect(findSpeech('Magdalen nods once. ‘Aye.’')).toBe('‘Aye.’');
    expect(findSpeech('Magdalen nods once. "Aye."')).toBe('"Aye."');
    expect(findSpeech('Old Tom only says “Aye,” and turns back to his pipe.')).toBe('“Aye,”');
    expect(findSpeech('The landlady wipes the bar.\n— Sit, my lamb, she says.')).toBe('— Sit, my lamb, she says.');
    expect(findSpeech("Kit's penny rests in the sailors' tin; the lamp — old and cracked — swings.")).toBeNull();
    expect(findSpeech("The board reads 'Closed' in chalk.")).toBeNull();
  });

  it('tells spoken words from attribution and stage directions in a dialog reply, and cuts them away', () => {
    expect(dialogProblem('Sit, my lamb," she said, and smiled.', 'Magdalen Rook')).toMatch(/quotes its words/u);
    expect(dialogProblem('*wipes the bar* Sit down.', 'Magdalen Rook')).toMatch(/stage direction/u);
    expect(dialogProblem('Sit down, she said.', 'Magdalen Rook')).toMatch(/attributes its words \(she said\.\)/u);
    expect(dialogProblem('Sit down, my lamb. The fire is warm.', 'Magdalen Rook')).toBeNull();
    expect(dialogProblem('I said no, and I meant it.', 'Magdalen Rook')).toBeNull();
    expect(spokenOnly('Sit, my lamb," she said, and smiled.', 'Magdalen Rook')).toBe('Sit, my lamb.');
    expect(spokenOnly('She smiles. "Sit down.', 'Magdalen Rook')).toBe('Sit down.');
    expect(spokenOnly('(leaning close) Keep it down, Magdalen whispered.', 'Magdalen Rook')).toBe('Keep it down.');
  });

  it('cleans a dialog reply down to the spoken words', () => {
    expect(cleanSpokenWords('Mara: "Not tonight."', 'Mara')).toBe('Not tonight.');
    expect(cleanSpokenWords('  “Fine.”  ', 'Mara')).toBe('Fine.');
  });
});

describe('streamed dialog', () => {
  it('streams only what the turn will commit: no name prefix, no quotes', () => {
    const seen: string[] = [];
    const words = spokenWordsStream('Mara', (delta) => seen.push(delta));
    for (const chunk of ['Ma', 'ra: "', 'Not ', 'tonight', '."']) words.push(chunk);
    expect(words.finish()).toBe('Not tonight.');
    expect(seen.join('')).toBe('Not tonight.');
  });

  it('streams plain words as they come', () => {
    const seen: string[] = [];
    const words = spokenWordsStream('Mara', (delta) => seen.push(delta));
    words.push('Come ');
    expect(seen.join('')).toBe('Come');
    words.push('in.');
    expect(words.finish()).toBe('Come in.');
    expect(seen.join('')).toBe('Come in.');
  });
});
