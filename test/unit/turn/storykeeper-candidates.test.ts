import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyEntry, TruthSet, type LedgerRecord } from '../../../engine/events/index.ts';
import { loadPack, type StoryPack } from '../../../engine/pack/index.ts';
import { evaluateLandscape, narrativeFromPack } from '../../../engine/storykeeper/index.ts';
import { contextCandidates, type CandidateInputs } from '../../../engine/storykeeper/adapters/context-candidates.ts';
import { landscapeNow } from '../../../engine/storykeeper/adapters/landscape-now.ts';
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

describe('every candidate source respects hidden objects', () => {
  it('a hidden bridge object at hand gives no bridge item, and is not at hand for the landscape either', () => {
    const world = pack.world;
    if (world === undefined) throw new Error('lantern-quay has a world');
    const objects = world.objects.map((o) => (o.id === 'brass-lantern' ? { ...o, hidden: true } : o));
    const hiddenLantern: StoryPack = { ...pack, world: { ...world, objects } };
    const truth = new TruthSet();
    const at = { truth, turn: 1, location: 'drowned-lantern', persona: 'sam-fairweather' };
    // The visible lantern bridges to Hester's tale; hidden, it is not at hand.
    expect(landscapeNow(pack, at).landscape.bridges.map(({ id }) => id)).toEqual(['jorys-lantern']);
    expect(landscapeNow(hiddenLantern, at).landscape.bridges).toEqual([]);
    // Even when a caller names it among the objects present, the candidate source keeps it out.
    const told = evaluateLandscape(hiddenLantern, { ...at, presentObjects: ['brass-lantern'] });
    expect(told.landscape.bridges.map(({ id }) => id)).toEqual(['jorys-lantern']);
    const candidates = contextCandidates({ ...inputs(truth, 1, truth), pack: hiddenLantern, landscape: told });
    expect(candidates.filter((c) => c.id.startsWith('bridge:'))).toEqual([]);
    expect(candidates.some((c) => c.text.toLowerCase().includes('lantern carries'))).toBe(false);
  });
});

describe('relationship items name their real pair', () => {
  it("an accumulator between two others is not shown as the protagonist's", () => {
    const truth = new TruthSet();
    play(
      truth,
      1,
      {
        kind: 'event',
        event: {
          type: 'RelationshipShifted',
          from: 'ambrose-hale',
          to: 'kit-wickett',
          dimension: 'suspicion',
          delta: 0.8,
        },
      },
      {
        kind: 'event',
        event: { type: 'RelationshipShifted', from: 'kit-wickett', to: 'player', dimension: 'trust', delta: 0.3 },
      },
    );
    const kit = contextCandidates(inputs(truth, 2, truth, { present: ['kit-wickett'] })).find(
      (c) => c.id === 'entity:kit-wickett',
    );
    expect(kit?.text).toBe('Between the protagonist and Kit Wickett: trust +0.3.');
    const hale = contextCandidates(inputs(truth, 2, truth, { present: ['ambrose-hale'] })).find(
      (c) => c.id === 'entity:ambrose-hale',
    );
    expect(hale).toBeUndefined();
  });
});

describe('a gate part of the way open is suspected', () => {
  it('with Anselm present but not yet trusted, pells_fate is hinted at in its scene’s themes, its facts kept back', () => {
    const truth = new TruthSet();
    play(truth, 1, { kind: 'event', event: { type: 'CharacterArrival', character: 'anselm-mercer', scene_id: 'x' } });
    const candidates = contextCandidates(inputs(truth, 1, truth));
    const pell = candidates.find((c) => c.id === 'revelation:pells_fate');
    expect(pell).toMatchObject({
      boundary: 'suspected',
      text: 'Something is close to the surface here (conscience, burial, the drowned): let it be felt, not told.',
    });
    expect(pell?.relevance).toBeCloseTo(0.45, 10);
    // A gate nothing has moved stays withheld.
    expect(candidates.find((c) => c.id === 'revelation:hale_exposed')?.boundary).toBe('withheld');
  });
});
