import { beforeAll, describe, expect, it } from 'vitest';
import { readBoundaryInput, toJson, type BoundaryStepContext, type Json } from '../../../engine/boundary/index.ts';
import { deferredEvents } from '../../../engine/boundary/steps/deferred-events.ts';
import { narrativeGraph } from '../../../engine/boundary/steps/narrative-graph.ts';
import { worldState } from '../../../engine/boundary/steps/world-state.ts';
import type { StoryPack } from '../../../engine/pack/index.ts';
import { PromptBook } from '../../../engine/prompts/index.ts';
import { lanternQuay, PERSONA, sampleSnapshot } from '../../support/boundary.ts';

let pack: StoryPack;
beforeAll(async () => {
  pack = await lanternQuay();
});

function contextFor(input: Json): BoundaryStepContext {
  return {
    pack,
    prompts: PromptBook.create(pack.prompts).book,
    personaId: PERSONA,
    ...readBoundaryInput(input),
    outputs: {},
    callObject: () => Promise.reject(new Error('these steps make no LLM call')),
    signal: new AbortController().signal,
  };
}

describe("the boundary's own steps", () => {
  it('deferred_events lists every held-back item in the order it arose, and the scene ledger by sequence', async () => {
    const snapshot = sampleSnapshot(pack);
    const deferred = ['first', 'second', 'third'].map((tag) => ({ outcome: { kind: 'record', tag }, reason: 'depth' }));
    const ledger = [3, 1, 2].map((seq) => ({ seq, turn: 1, record: { seq } }));
    const output = await deferredEvents(contextFor(toJson({ ...snapshot, deferred, ledger })));
    expect(output).toMatchObject({
      detail: {
        counts: { deferred: 3, events: 3 },
        deferred: deferred.map((item, index) => ({ order: index + 1, item })),
        events: [{ seq: 1 }, { seq: 2 }, { seq: 3 }],
      },
    });
  });

  it('world_state opens the next scene at the play state’s time, says how long passed and who is off-stage', async () => {
    const snapshot = sampleSnapshot(pack);
    const input = toJson({ ...snapshot, playState: { ...snapshot.playState, time: '1768-09-30T01:30' } });
    const output = await worldState(contextFor(input));
    expect(output).toMatchObject({
      play: { time: '1768-09-30T01:30' },
      detail: { closedAt: snapshot.time, elapsedMinutes: 240 },
    });
    const offstage = JSON.stringify(output);
    expect(offstage).toContain('silas-crane');
    expect(offstage).not.toContain('"kit-wickett"');
  });

  it('narrative_graph has nothing to weigh without a save behind the run', async () => {
    expect(await narrativeGraph(contextFor(toJson(sampleSnapshot(pack))))).toEqual({ detail: { weighed: false } });
  });
});
