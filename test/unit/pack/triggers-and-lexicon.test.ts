import { describe, expect, it } from 'vitest';
import { loadPack } from '../../../engine/pack/index.ts';
import { APP_VERSION, writePack } from './temp-pack.ts';

const TRIGGERS = `- id: mara_doubted
  subscriber: mara
  predicate: { kind: Atom, proposition: "TrustEroding(player, mara)" }
  effects:
    - { kind: ShiftRelationship, from: mara, to: player, dimension: trust, delta: -0.2 }
    - { kind: FireEcho, echo: the_drowned_crew, character: mara }
  sensitivity:
    - proposition: "TrustEroding(player,mara)"
      keywords: [liar]
      negated: [trust]
`;

async function load(files: Record<string, string>) {
  const { pack, diagnostics } = await loadPack(await writePack(files), { appVersion: APP_VERSION });
  return { pack, messages: diagnostics.map((d) => `${d.file}:${d.line}:${d.column}: ${d.message}`) };
}

describe('triggers.yaml', () => {
  it('loads subscriptions with their defaults, predicates normalised, and sensitivities', async () => {
    const { pack, messages } = await load({ 'triggers.yaml': TRIGGERS });
    expect(messages).toEqual([]);
    expect(pack?.triggers).toEqual([
      expect.objectContaining({
        id: 'mara_doubted',
        tier: 'scene_local',
        lifecycle: { kind: 'Ongoing', refractoryTurns: 1 },
        predicate: { kind: 'Atom', proposition: 'TrustEroding(player,mara)' },
        sensitivity: [
          {
            proposition: 'TrustEroding(player,mara)',
            keywords: ['liar'],
            negated: ['trust'],
            confidence: 0.7,
            magnitude: 0.15,
          },
        ],
      }),
    ]);
  });

  it('is empty when a pack has no triggers.yaml', async () => {
    expect((await load({})).pack?.triggers).toEqual([]);
  });

  it('reports unknown characters in effects and sensitivities at their file:line:col', async () => {
    const broken = TRIGGERS.replace('to: player', 'to: marra').replace(
      'TrustEroding(player,mara)"\n',
      'TrustEroding(player,nobody)"\n',
    );
    const { pack, messages } = await load({ 'triggers.yaml': broken });
    expect(pack).toBeNull();
    expect(messages).toEqual([
      expect.stringMatching(/^triggers\.yaml:5:\d+: unknown character "marra" \(did you mean "mara"\?\)/u),
      expect.stringMatching(/^triggers\.yaml:8:\d+: unknown character "nobody"/u),
    ]);
  });

  it('refuses a duplicate trigger id', async () => {
    const { messages } = await load({ 'triggers.yaml': `${TRIGGERS}${TRIGGERS}` });
    expect(messages).toEqual([
      expect.stringMatching(
        /^triggers\.yaml:11:\d+: duplicate trigger id "mara_doubted" \(first defined at triggers\.yaml:1:/u,
      ),
    ]);
  });

  it('refuses a predicate nested too deep and a sensitivity on a fact, each at its place', async () => {
    const deep =
      '{ kind: Not, of: { kind: Not, of: { kind: Not, of: { kind: Not, of: { kind: Not, of: { kind: Atom, proposition: "A(x)" } } } } } }';
    const { messages } = await load({
      'triggers.yaml': `${TRIGGERS}- id: deep
  subscriber: mara
  predicate: ${deep}
- id: factual
  subscriber: mara
  predicate: { kind: Atom, proposition: "At(player,harbour)" }
  sensitivity: [{ proposition: "At(player,harbour)", keywords: [harbour] }]
`,
    });
    expect(messages).toEqual([
      'triggers.yaml:13:3: [1].predicate: predicate nesting 5 exceeds 4',
      expect.stringMatching(
        /^triggers\.yaml:17:\d+: \[2\]\.sensitivity\[0\]\.proposition: not an interpretive proposition/u,
      ),
    ]);
  });
});

describe('world/lexicon.yaml', () => {
  it('adds verbs and the world’s hard constraints; a pack without one gets none', async () => {
    const { pack, messages } = await load({
      'world/lexicon.yaml': `verbs: { signal: [wave, hail] }
constraints:
  - { id: no_flight, verbs: [fly], reason: Nobody flies here. }
`,
    });
    expect(messages).toEqual([]);
    expect(pack?.lexicon).toEqual({
      verbs: { signal: ['wave', 'hail'] },
      constraints: [{ id: 'no_flight', verbs: ['fly'], reason: 'Nobody flies here.' }],
    });
    // A lexicon alone does not make a world: the turn skips world simulation for this pack.
    expect(pack?.world).toBeUndefined();
    expect((await load({})).pack?.lexicon).toEqual({ verbs: {}, constraints: [] });
  });
});
