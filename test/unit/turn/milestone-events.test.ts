import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  TriggerIndex,
  TruthSet,
  type CascadeResult,
  type LedgerRecord,
  type NarrativeEvent,
} from '../../../engine/events/index.ts';
import { loadPack, type StoryPack } from '../../../engine/pack/index.ts';
import {
  evaluateLandscape,
  mentionedPropositions,
  narrativeFromPack,
  type PackGraph,
} from '../../../engine/storykeeper/index.ts';
import { cascadeWithGates } from '../../../engine/storykeeper/index.ts';
import { STORIES_DIR } from '../../support/playthrough.ts';
import { eventRecord, judgment, judgmentRecord, subscription } from '../events/fixtures.ts';

let pack: StoryPack;
let graph: PackGraph;
beforeAll(async () => {
  const loaded = await loadPack(path.join(STORIES_DIR, 'lantern-quay'), { appVersion: '0.1.0' });
  if (loaded.pack === null) throw new Error('lantern-quay does not load');
  pack = loaded.pack;
  graph = narrativeFromPack(pack.narrative);
});

const COVE = 'the-landing-at-brennocs-cove';
const cargoLanded = (value: boolean): LedgerRecord =>
  eventRecord({ type: 'WorldStateChanged', key: 'cargo_landed', old_value: null, new_value: value });
const kitTrust = (id: string, confidence: number, magnitude: number): LedgerRecord =>
  judgmentRecord(
    judgment(
      id,
      { kind: 'TrustShift', between: ['player', 'kit-wickett'], direction: 'positive', magnitude },
      confidence,
    ),
  );

/** One cascade with the Storykeeper's reading of it, as a turn runs it, in scene `sceneId`. */
function play(truth: TruthSet, triggers: TriggerIndex, records: LedgerRecord[], sceneId = COVE, turn = 1) {
  const { results } = cascadeWithGates(
    { truth, triggers, turn, firstSeq: truth.lastSeq + 1, records, minConfidence: 0.5, monotonic: () => 0 },
    graph,
    { sceneId, present: [] },
  );
  return results;
}
const applied = (results: readonly CascadeResult[], type: NarrativeEvent['type']) =>
  results.flatMap((result) =>
    result.applied.flatMap(({ record }) =>
      record.kind === 'event' && record.event.type === type ? [record.event] : [],
    ),
  );
const fired = (results: readonly CascadeResult[]) =>
  results.flatMap((result) => result.firings.map((firing) => firing.subscriptionId));

describe('GoalCompleted: a scene goal (an exit condition) completes once, in its scene', () => {
  it('is emitted when the exit predicate newly holds in the current scene, enters the ledger and the truth set', () => {
    const truth = new TruthSet();
    const results = play(truth, new TriggerIndex(), [cargoLanded(true)]);
    expect(applied(results, 'GoalCompleted')).toEqual([
      { type: 'GoalCompleted', goal_id: 'the-petrel-landed', scene_id: COVE },
    ]);
    expect(truth.factual.has(`GoalCompleted(${COVE},the-petrel-landed)`)).toBe(true);
    // Once: a later mutation while it still holds completes nothing again.
    expect(applied(play(truth, new TriggerIndex(), [cargoLanded(true)], COVE, 2), 'GoalCompleted')).toEqual([]);
  });

  it('is not emitted for a scene the persona is not in (only the active scene’s goals)', () => {
    const truth = new TruthSet();
    expect(applied(play(truth, new TriggerIndex(), [cargoLanded(true)], 'kits-penny'), 'GoalCompleted')).toEqual([]);
  });

  it('fires a trigger that waits on it in the same cascade', () => {
    const triggers = new TriggerIndex([
      subscription({
        id: 'after-the-landing',
        predicate: { kind: 'Atom', proposition: `GoalCompleted(${COVE},the-petrel-landed)` },
        effects: [{ kind: 'SetWorldState', key: 'ponies_gone', value: true }],
      }),
    ]);
    const truth = new TruthSet();
    expect(fired(play(truth, triggers, [cargoLanded(true)]))).toEqual(['after-the-landing']);
    expect(truth.factual.has('WorldState(ponies_gone,true)')).toBe(true);
  });

  it('keeps the exit open for the Storykeeper and stops Stage 4 listening for it, whatever the predicate says later', () => {
    const truth = new TruthSet();
    play(truth, new TriggerIndex(), [cargoLanded(true)]);
    play(truth, new TriggerIndex(), [cargoLanded(false)], COVE, 2);
    expect(truth.factual.has('WorldState(cargo_landed,true)')).toBe(false);
    const landscape = evaluateLandscape(pack, { truth, turn: 2, location: 'cove' });
    expect(landscape.exits.find((exit) => exit.scene === COVE && exit.exit === 'the-petrel-landed')?.holds).toBe(true);
    const sources = mentionedPropositions(pack, truth).map((interest) => interest.source);
    expect(sources).not.toContain(`scene:${COVE}#the-petrel-landed`);
    expect(mentionedPropositions(pack, new TruthSet()).map((interest) => interest.source)).toContain(
      `scene:${COVE}#the-petrel-landed`,
    );
  });
});

describe('ThresholdCrossed: an accumulator crossing a value the story names', () => {
  const KIT = 'trust_delta(player,kit-wickett)';

  it('is emitted once, when trust toward Kit first reaches the 0.5 the what_kit_saw gate compares against', () => {
    const truth = new TruthSet();
    const triggers = new TriggerIndex();
    expect(applied(play(truth, triggers, [kitTrust('j1', 0.9, 0.3)], 'kits-penny'), 'ThresholdCrossed')).toEqual([]);
    const second = play(truth, triggers, [kitTrust('j2', 0.9, 0.3)], 'kits-penny', 2);
    expect(applied(second, 'ThresholdCrossed')).toEqual([
      { type: 'ThresholdCrossed', entity: KIT, threshold: '>=0.5' },
    ]);
    expect(truth.factual.has(`ThresholdCrossed(${KIT},>=0.5)`)).toBe(true);
    // Already across: more trust crosses nothing.
    expect(applied(play(truth, triggers, [kitTrust('j3', 0.9, 0.3)], 'kits-penny', 3), 'ThresholdCrossed')).toEqual([]);
  });

  it('is not emitted by noise: judgments below min_confidence move no accumulator (§8.5)', () => {
    const truth = new TruthSet();
    const noise = [0.2, 0.2, 0.2, 0.2].map((confidence, i) => kitTrust(`n${i}`, confidence, 0.3));
    expect(applied(play(truth, new TriggerIndex(), noise, 'kits-penny'), 'ThresholdCrossed')).toEqual([]);
  });

  it('fires a trigger that names the crossing, the echo of "the shift crosses a threshold"', () => {
    const triggers = new TriggerIndex([
      subscription({
        id: 'kit-trusts',
        predicate: { kind: 'Atom', proposition: `ThresholdCrossed(${KIT}, >=0.5)` },
        effects: [{ kind: 'SetWorldState', key: 'kit_confides', value: true }],
      }),
    ]);
    const truth = new TruthSet();
    // The trigger's own threshold is one the story names too: a trigger can wait on any it compares against.
    const results = play(truth, triggers, [kitTrust('j1', 0.9, 0.6)], 'kits-penny');
    expect(fired(results)).toEqual(['kit-trusts']);
    expect(truth.factual.has('WorldState(kit_confides,true)')).toBe(true);
  });
});
