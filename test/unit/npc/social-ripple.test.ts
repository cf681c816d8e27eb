import { describe, expect, it } from 'vitest';
import {
  emptySocialGraph,
  restoreSocialGraph,
  rippleDrafts,
  spreadNews,
  strengthenSharedScene,
  tieStrength,
  withTie,
  type SceneNews,
  type SocialGraph,
} from '../../../engine/npc/index.ts';

/** A chain kit — pell — sam — hale — dora, every tie close, plus a weak tie kit — nell. */
function chain(): SocialGraph {
  let graph = emptySocialGraph();
  graph = withTie(graph, 'kit', 'pell', 0.9);
  graph = withTie(graph, 'pell', 'sam', 0.9);
  graph = withTie(graph, 'sam', 'hale', 0.9);
  graph = withTie(graph, 'hale', 'dora', 0.9);
  graph = withTie(graph, 'kit', 'nell', 0.1);
  return graph;
}

const fire: SceneNews = {
  text: 'The harbour office burned down.',
  salience: 8,
  time: 600,
  place: 'harbour-office',
  entities: ['harbour-office'],
};
const names = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

describe('social-graph ripple', () => {
  it('reaches each absent character at its network distance, through whom it last heard', () => {
    const reach = spreadNews(chain(), ['kit']);
    expect(reach.map(({ id, hops, via }) => ({ id, hops, via }))).toEqual([
      { id: 'pell', hops: 1, via: 'kit' },
      { id: 'sam', hops: 2, via: 'pell' },
      { id: 'hale', hops: 3, via: 'sam' },
    ]);
  });

  it('stops at depth 3: the fourth hop hears nothing', () => {
    expect(spreadNews(chain(), ['kit']).map((reach) => reach.id)).not.toContain('dora');
    expect(spreadNews(chain(), ['kit'], 2).map((reach) => reach.id)).toEqual(['pell', 'sam']);
    expect(() => spreadNews(chain(), ['kit'], 4)).toThrow(RangeError);
  });

  it('never ripples to a character who was present: they witnessed it', () => {
    const reach = spreadNews(chain(), ['kit', 'sam']);
    expect(reach.map(({ id, hops }) => ({ id, hops }))).toEqual([
      { id: 'hale', hops: 1 },
      { id: 'pell', hops: 1 },
      { id: 'dora', hops: 2 },
    ]);
    expect(reach.map((reached) => reached.id)).not.toContain('kit');
    expect(reach.map((reached) => reached.id)).not.toContain('sam');
  });

  it('carries nothing along ties too weak to gossip over', () => {
    expect(spreadNews(chain(), ['kit']).map((reach) => reach.id)).not.toContain('nell');
  });

  it('prefers the stronger of two paths of the same length', () => {
    let graph = withTie(emptySocialGraph(), 'kit', 'pell', 0.3);
    graph = withTie(graph, 'sam', 'pell', 0.9);
    expect(spreadNews(graph, ['kit', 'sam'])).toEqual([{ id: 'pell', hops: 1, via: 'sam', strength: 0.9 }]);
  });

  it('attenuates salience with distance: direct witness > rumor > inference, tagged rumor', () => {
    const drafts = rippleDrafts(spreadNews(chain(), ['kit']), [fire], { nameOf: names, ref: 'turn 4' });
    const [pell, sam, hale] = drafts.map((item) => item.drafts[0]);
    expect(pell).toMatchObject({
      kind: 'memory',
      text: 'Heard from Kit that the harbour office burned down.',
      salience: 6,
      tags: ['rumor'],
      entities: ['harbour-office', 'kit'],
      provenance: { source: 'social-ripple', ref: 'turn 4' },
    });
    expect(sam).toMatchObject({ text: 'Heard it going around that the harbour office burned down.', salience: 4 });
    expect(hale).toMatchObject({ salience: 2, tags: ['rumor', 'inference'] });
    expect(drafts.map((item) => item.drafts[0]?.salience)).toEqual([6, 4, 2]);
  });

  it('never drops salience below 1', () => {
    const drafts = rippleDrafts(spreadNews(chain(), ['kit']), [{ ...fire, salience: 1 }], {
      nameOf: names,
      ref: null,
    });
    expect(drafts.flatMap((item) => item.drafts.map((draft) => draft.salience))).toEqual([1, 1, 1]);
  });
});

describe('the social graph', () => {
  it('brings those who shared a scene closer, capped below a friendship', () => {
    let graph = emptySocialGraph();
    for (let scene = 0; scene < 10; scene += 1) graph = strengthenSharedScene(graph, ['pell', 'kit']);
    expect(tieStrength(graph, 'kit', 'pell')).toBe(0.8);
    expect(tieStrength(strengthenSharedScene(emptySocialGraph(), ['kit', 'pell']), 'pell', 'kit')).toBe(0.2);
  });

  it('never weakens a stronger tie by sharing a scene', () => {
    const graph = strengthenSharedScene(withTie(emptySocialGraph(), 'kit', 'pell', 0.95), ['kit', 'pell']);
    expect(tieStrength(graph, 'pell', 'kit')).toBe(0.95);
  });

  it('restores from the checkpoint, an absent part as empty, a malformed one with its problems', () => {
    expect(restoreSocialGraph(undefined)).toEqual({ ok: true, graph: emptySocialGraph() });
    expect(restoreSocialGraph(JSON.parse(JSON.stringify(chain())))).toEqual({ ok: true, graph: chain() });
    const broken = restoreSocialGraph({ version: 1, ties: [{ a: 'kit', b: 'pell', strength: 2 }] });
    expect(broken.ok).toBe(false);
  });
});
