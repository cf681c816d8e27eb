import { describe, expect, it } from 'vitest';
import { applyEntry, DEFAULT_MIN_CONFIDENCE, rebuild, TruthSet } from '../../../engine/events/index.ts';
import { syntheticLedger } from './synthetic-ledger.ts';

/** The default min_confidence: judgments below it move no accumulator. */
const MIN = DEFAULT_MIN_CONFIDENCE;

describe('rebuild(checkpoint, ledger, minConfidence)', () => {
  const ledger = syntheticLedger(3000);
  const incremental = (() => {
    const truth = new TruthSet();
    for (const entry of ledger) applyEntry(truth, entry, MIN);
    return truth.snapshot();
  })();

  it('gives the same truth set as applying the ledger entry by entry', () => {
    expect(rebuild(null, ledger, MIN).snapshot()).toEqual(incremental);
  });

  it('from a mid-session checkpoint, applying only the later entries', () => {
    const truth = new TruthSet();
    for (const entry of ledger.slice(0, 1234)) applyEntry(truth, entry, MIN);
    const checkpoint = truth.snapshot();
    expect(checkpoint.lastSeq).toBe(1234);
    expect(rebuild(checkpoint, ledger, MIN).snapshot()).toEqual(incremental);
    // The whole ledger was offered: entries the checkpoint already holds are skipped, not applied twice.
    expect(rebuild(checkpoint, ledger.slice(1234), MIN).snapshot()).toEqual(incremental);
  });

  it('leaves the checkpoint untouched (a checkpoint is reused at every scene entry)', () => {
    const checkpoint = rebuild(null, ledger.slice(0, 500), MIN).snapshot();
    const copy = structuredClone(checkpoint);
    rebuild(checkpoint, ledger, MIN);
    expect(checkpoint).toEqual(copy);
  });

  it('is deterministic across runs and survives JSON', () => {
    const snapshot = rebuild(null, ledger, MIN).snapshot();
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
    expect(
      rebuild(JSON.parse(JSON.stringify(rebuild(null, ledger.slice(0, 800), MIN).snapshot())), ledger, MIN).snapshot(),
    ).toEqual(incremental);
  });

  it('the synthetic ledger exercises refinement, retraction and accumulators', () => {
    const truth = rebuild(null, ledger, MIN);
    expect([...truth.interpretive.values()].some((entry) => entry.source === 'refined')).toBe(true);
    expect(truth.accumulators.size).toBeGreaterThan(10);
    expect(truth.factual.size).toBeGreaterThan(10);
  });
});
