import { beforeAll, describe, expect, it } from 'vitest';
import { LoreGuard, refusalText } from '../../../engine/boundary/lore-guard.ts';
import type { StoryPack } from '../../../engine/pack/index.ts';
import { lanternQuay } from '../../support/packs.ts';

let pack: StoryPack;
let closed: LoreGuard;
beforeAll(async () => {
  pack = await lanternQuay();
  closed = new LoreGuard(pack, new Set(), []);
});

const RIDERS = {
  key: 'The coast-road riders',
  content: 'A dozen owlers ride the coast road on dark nights, led by a drover the town calls Long Tom Varley.',
};
// pells_fate guards "his body came ashore in Brennoc's Cove on 16 August with the back of his skull broken".
const PELLS_END = {
  key: 'What became of Pell',
  content: "His body came ashore in Brennoc's Cove, the back of his skull broken.",
};

describe('the lore the story learns at a boundary', () => {
  it('may add substance the pack left open', () => {
    expect(closed.refusal(RIDERS)).toBeNull();
  });

  it("is refused when it is keyed to an entry of the pack's lorebook, by key or alias: the author settled it", () => {
    const gullLight = { key: 'The Gull Light', content: 'The lighthouse has been dark for years.' };
    expect(closed.refusal(gullLight)).toEqual({ kind: 'settled', entry: 'The Gull Light' });
    expect(closed.refusal({ ...gullLight, key: 'the lighthouse' })).toEqual({
      kind: 'settled',
      entry: 'The Gull Light',
    });
    expect(refusalText({ kind: 'settled', entry: 'The Gull Light' })).toBe(`the pack's lore settles "The Gull Light"`);
  });

  it('is refused when it gives away, even in other words, a fact a closed gate guards', () => {
    expect(closed.refusal(PELLS_END)).toEqual({ kind: 'guarded', what: 'gate pells_fate' });
  });

  it('still keeps the facts of an open gate that told only named recipients out of the public World KG', () => {
    const opened = new LoreGuard(pack, new Set(['pells_fate']), []);
    expect(opened.refusal(PELLS_END)).toEqual({ kind: 'guarded', what: 'gate pells_fate' });
  });

  it('may tell what a gate open to everyone present has revealed', () => {
    const badge = {
      key: 'The stranger',
      content: 'The stranger off the night coach carries the badge of the Board of Customs, and asks for Pell.',
    };
    expect(closed.refusal(badge)).toEqual({ kind: 'guarded', what: 'gate sam_is_the_boards_man' });
    expect(new LoreGuard(pack, new Set(['sam_is_the_boards_man']), []).refusal(badge)).toBeNull();
  });

  it("is refused when it tells one character's secret lore or private knowledge to the whole world", () => {
    const guineas = {
      key: "The keeper's tin",
      content: 'Ten guineas lie in a tobacco tin under a loose stone of the lamp-room floor.',
    };
    expect(closed.refusal(guineas)).toEqual({ kind: 'guarded', what: `hester-gull's lore "The Carricks' guineas"` });
  });
});
