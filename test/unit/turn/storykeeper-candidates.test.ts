import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyEntry, TruthSet, type LedgerRecord } from '../../../engine/events/index.ts';
import { loadPack, type StoryPack } from '../../../engine/pack/index.ts';
import { narrativeFromPack } from '../../../engine/storykeeper/index.ts';
import { contextCandidates, type CandidateInputs } from '../../../engine/turn/storykeeper/candidates.ts';
import { landscapeNow } from '../../../engine/turn/storykeeper/landscape.ts';
import { STORIES_DIR } from '../../support/playthrough.ts';

let pack: StoryPack;
beforeAll(async () => {
  const loaded = await loadPack(path.join(STORIES_DIR, 'lantern-quay'), { appVersion: '0.1.0' });
  if (loaded.pack === null) throw new Error('lantern-quay does not load');
  pack = loaded.pack;
});

const MIN = 0.5;

/** Applies records to the truth set, one turn each from `turn`, as the cascade would. */
function play(truth: TruthSet, turn: number, ...records: LedgerRecord[]): void {
  records.forEach((record, index) => applyEntry(truth, { seq: truth.lastSeq + 1, turn: turn + index, record }, MIN));
}

/** The candidate sources' inputs at `turn`, with the landscape weighed at `landscapeTurn` (scene entry). */
function inputs(truth: TruthSet, turn: number, landscape: TruthSet, overrides: Partial<CandidateInputs> = {}) {
  return {
    pack,
    graph: narrativeFromPack(pack.narrative),
    truth,
    minConfidence: MIN,
    turn,
    landscape: landscapeNow(pack, { truth: landscape, turn: 1, location: 'chapel', persona: 'sam-fairweather' }),
    parse: null,
    present: [],
    directives: [],
    opened: [],
    ...overrides,
  } satisfies CandidateInputs;
}

describe('who knows what is read from the truth set as of this turn', () => {
  it("a trigger's RevealFact to the protagonist is known and mandatory in the turn it happens", () => {
    const truth = new TruthSet();
    play(truth, 1, { kind: 'event', event: { type: 'CharacterArrival', character: 'anselm-mercer', scene_id: 'x' } });
    // The landscape was weighed at scene entry, before the reveal.
    const atEntry = TruthSet.fromSnapshot(truth.snapshot());
    play(truth, 2, {
      kind: 'event',
      event: { type: 'InformationRevealed', gate_id: 'pells_fate', recipient: 'player' },
    });
    const revealed = contextCandidates(inputs(truth, 2, atEntry)).find((c) => c.id === 'revelation:pells_fate');
    expect(revealed).toMatchObject({ boundary: 'known', mandatory: true, ageTurns: 0 });
    expect(revealed?.text).toContain('Thomas Pell is dead');
    // A turn later it is still known, no longer mandatory, and ages from the turn it was revealed.
    const later = contextCandidates(inputs(truth, 3, atEntry)).find((c) => c.id === 'revelation:pells_fate');
    expect(later).toMatchObject({ boundary: 'known', mandatory: false, ageTurns: 1 });
  });

  it('a fact revealed only to someone else stays withheld from the protagonist', () => {
    const truth = new TruthSet();
    play(truth, 1, {
      kind: 'event',
      event: { type: 'InformationRevealed', gate_id: 'sam_is_the_boards_man', recipient: 'silas-crane' },
    });
    const withheld = contextCandidates(inputs(truth, 1, truth)).find(
      (c) => c.id === 'revelation:sam_is_the_boards_man',
    );
    expect(withheld).toMatchObject({
      boundary: 'withheld',
      mandatory: false,
      text: '[withheld: sam_is_the_boards_man]',
    });
  });
});
