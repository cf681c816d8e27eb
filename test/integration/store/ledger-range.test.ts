import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSave, type SaveStore } from '../../../engine/store/index.ts';
import { NEW_SAVE, sampleTurn, storeOptions, tempDirs } from './helpers.ts';

const dirs = tempDirs();
const open: SaveStore[] = [];
afterEach(() => {
  for (const store of open.splice(0)) store.close();
  dirs.cleanup();
});

/** Turns 1–4, two ledger rows each (seqs 1–8). */
async function ledgerOfFourTurns(): Promise<SaveStore> {
  const store = await createSave(join(dirs.make(), 'ledger.storyloom'), NEW_SAVE, storeOptions());
  open.push(store);
  for (let n = 1; n <= 4; n++) {
    const ledger = [1, 2].map((i) => ({ seq: n * 2 + i - 2, record: { n, i } }));
    store.commitTurn(sampleTurn(n, { ledger }));
  }
  return store;
}

const seqsOf = (store: SaveStore, range: Parameters<SaveStore['ledger']>[0]) =>
  store.ledger(range).map((entry) => [entry.seq, entry.turn]);

describe('the ledger, read by range', () => {
  it('keeps the rows of the turns from one on, alone or with the other bounds', async () => {
    const store = await ledgerOfFourTurns();
    expect(seqsOf(store, { fromTurn: 3 })).toEqual([
      [5, 3],
      [6, 3],
      [7, 4],
      [8, 4],
    ]);
    expect(seqsOf(store, { fromTurn: 2, uptoTurn: 3 })).toEqual([
      [3, 2],
      [4, 2],
      [5, 3],
      [6, 3],
    ]);
    expect(seqsOf(store, { fromTurn: 2, afterSeq: 5 })).toEqual([
      [6, 3],
      [7, 4],
      [8, 4],
    ]);
    expect(seqsOf(store, { fromTurn: 5 })).toEqual([]);
    expect(store.ledger({ fromTurn: 1 })).toEqual(store.ledger());
  });
});
