import { describe, expect, it } from 'vitest';
import { formatDiagnostic, loadPack, packJsonSchema } from '../../../engine/pack/index.ts';
import { APP_VERSION, writePack } from './temp-pack.ts';

/** A narrative graph over the minimal pack: places harbour and tavern, the character mara, and a world object. */
const NARRATIVE = `scenes:
  - id: night-watch
    title: The night watch
    type: connective
    baseMass: 0.3
    setting: tavern
    exitConditions:
      - id: to-the-harbour
        when: { kind: Atom, proposition: "At(player, harbour)" }
        leadsTo: [the-reckoning]
  - id: the-reckoning
    title: The reckoning
    type: gravitational
    baseMass: 1.1
    flags: [convergencePoint, requiredForStory]
    setting: harbour
    requiredCast:
      - { character: mara, relation: "TrustGrowing(player, mara)" }
    contingentCast: [player]
    thematicRegister: [justice]
    tonalSignature: cold and quiet
    stakes: The harbour's good name.
    approachVectors:
      - id: trust
        conditions:
          - { proposition: "TrustGrowing(player,mara)", weight: 2 }
          - { proposition: "CharacterPresent(mara)" }
    gates: [the_secret]
gates:
  - id: the_secret
    facts: [The night boat carries contraband.]
    predicate: { kind: Atom, proposition: "TrustGrowing(player,mara)" }
    recipients: specific
    recipientIds: [player]
    framing: A quiet confession.
subGraphs:
  - id: the-bell-tale
    scenes: [night-watch]
    baseMass: 0.4
    thematicResonance: [bells]
    permeability: { steepness: 4, midpoint: 1 }
    drivers: [{ proposition: "ThematicResonance(bells)" }]
prophecies:
  - id: the-bell-tolls
    source: night-watch
    targetScene: the-reckoning
    type: omen
    magnitude: 0.5
    decay: 0.1
    fulfilment: { kind: Atom, proposition: "GateFired(the_secret)" }
bridgeObjects:
  - id: the-bell
    object: bell
    subGraphs: [the-bell-tale]
    themes: [bells]
`;

const OBJECTS = `- id: bell
  name: ship's bell
  kind: fixed
  location: harbour
`;

async function load(files: Record<string, string>) {
  const { pack, diagnostics } = await loadPack(await writePack(files), { appVersion: APP_VERSION });
  return { pack, lines: diagnostics.map((diagnostic) => formatDiagnostic(diagnostic)) };
}

describe('narrative.yaml', () => {
  it('loads scenes, gates, sub-graphs, prophecies and bridge objects, with defaults and propositions normalised', async () => {
    const { pack, lines } = await load({ 'narrative.yaml': NARRATIVE, 'world/objects.yaml': OBJECTS });
    expect(lines).toEqual([]);
    const narrative = pack?.narrative;
    expect(narrative?.scenes.map((scene) => scene.id)).toEqual(['night-watch', 'the-reckoning']);
    expect(narrative?.scenes[0]).toMatchObject({
      flags: [],
      requiredCast: [],
      approachVectors: [],
      gates: [],
      tonalSignature: '',
      revisitable: false,
      exitConditions: [
        {
          id: 'to-the-harbour',
          when: { kind: 'Atom', proposition: 'At(player,harbour)' },
          leadsTo: ['the-reckoning'],
        },
      ],
    });
    expect(narrative?.scenes[1]).toMatchObject({
      flags: ['convergencePoint', 'requiredForStory'],
      requiredCast: [{ character: 'mara', relation: 'TrustGrowing(player,mara)' }],
      approachVectors: [
        {
          id: 'trust',
          conditions: [
            { proposition: 'TrustGrowing(player,mara)', weight: 2 },
            { proposition: 'CharacterPresent(mara)', weight: 1 },
          ],
        },
      ],
    });
    expect(narrative?.subGraphs[0]).toMatchObject({
      completionBonus: 0,
      permeability: { min: 0.1, max: 1, steepness: 4, midpoint: 1 },
      drivers: [{ proposition: 'ThematicResonance(bells)', weight: 1 }],
    });
    expect(narrative?.gates[0]).toMatchObject({ recipients: 'specific', recipientIds: ['player'] });
    expect(narrative?.prophecies[0]?.fulfilment).toEqual({ kind: 'Atom', proposition: 'GateFired(the_secret)' });
  });

  it('is an empty graph when the pack has no narrative.yaml, or only comments in it', async () => {
    const empty = { scenes: [], gates: [], subGraphs: [], prophecies: [], bridgeObjects: [] };
    expect((await load({})).pack?.narrative).toEqual(empty);
    const commented = await load({ 'narrative.yaml': '# scenes to come\n' });
    expect(commented.lines).toEqual([]);
    expect(commented.pack?.narrative).toEqual(empty);
  });

  it('reports each broken reference at its file:line:col', async () => {
    const broken = NARRATIVE.replace('setting: tavern', 'setting: taverm')
      .replace('character: mara,', 'character: marra,')
      .replace('gates: [the_secret]', 'gates: [the_secrett]')
      .replace('recipientIds: [player]', 'recipientIds: [nobody]')
      .replace('scenes: [night-watch]', 'scenes: [night-wach]')
      .replace('source: night-watch', 'source: nowhere')
      .replace('targetScene: the-reckoning', 'targetScene: the-reckonin')
      .replace('object: bell', 'object: bel')
      .replace('subGraphs: [the-bell-tale]', 'subGraphs: [the-bel-tale]')
      .replace('leadsTo: [the-reckoning]', 'leadsTo: [the-end]');
    const { pack, lines } = await load({ 'narrative.yaml': broken, 'world/objects.yaml': OBJECTS });
    expect(pack).toBeNull();
    expect(lines).toEqual([
      'narrative.yaml:6:14: error: unknown location "taverm" (did you mean "tavern"?)',
      'narrative.yaml:10:19: error: unknown scene "the-end"',
      'narrative.yaml:18:22: error: unknown character "marra" (did you mean "mara"?); use "player" for the persona',
      'narrative.yaml:28:13: error: unknown gate "the_secrett" (did you mean "the_secret"?)',
      'narrative.yaml:34:20: error: unknown character "nobody"; use "player" for the persona',
      'narrative.yaml:38:14: error: unknown scene "night-wach" (did you mean "night-watch"?)',
      'narrative.yaml:45:13: error: unknown scene "nowhere"',
      'narrative.yaml:46:18: error: unknown scene "the-reckonin" (did you mean "the-reckoning"?)',
      'narrative.yaml:53:13: error: unknown object "bel" (did you mean "bell"?)',
      'narrative.yaml:54:17: error: unknown sub-graph "the-bel-tale" (did you mean "the-bell-tale"?)',
    ]);
  });

  it('says when the object a bridge names has no world/objects.yaml to live in', async () => {
    const { lines } = await load({ 'narrative.yaml': NARRATIVE });
    expect(lines).toEqual(['narrative.yaml:53:13: error: unknown object "bell" (the pack has no world/objects.yaml)']);
  });

  it('refuses duplicate ids, in the file and within a scene', async () => {
    const doubled = NARRATIVE.replace('  - id: the-reckoning\n', '  - id: night-watch\n').replace(
      '          - { proposition: "CharacterPresent(mara)" }\n',
      '          - { proposition: "CharacterPresent(mara)" }\n      - id: trust\n',
    );
    const { lines } = await load({ 'narrative.yaml': doubled, 'world/objects.yaml': OBJECTS });
    expect(lines).toEqual([
      // Renaming the-reckoning leaves its references dangling, each reported where it stands.
      'narrative.yaml:10:19: error: unknown scene "the-reckoning"',
      'narrative.yaml:11:9: error: duplicate scene id "night-watch" (first defined at narrative.yaml:2:9)',
      'narrative.yaml:28:13: error: duplicate approach vector id in this scene "trust" (first defined at narrative.yaml:24:13)',
      'narrative.yaml:47:18: error: unknown scene "the-reckoning"',
    ]);
  });

  it('checks shapes: gate recipients, flags, propositions and the permeability curve', async () => {
    const wrong = NARRATIVE.replace('    recipientIds: [player]\n', '')
      .replace('flags: [convergencePoint, requiredForStory]', 'flags: [convergence]')
      .replace('"TrustGrowing(player,mara)", weight: 2', '"trusts mara", weight: 2')
      .replace(
        'permeability: { steepness: 4, midpoint: 1 }',
        'permeability: { min: 0.9, max: 0.2, steepness: 4, midpoint: 1 }',
      );
    const { pack, lines } = await load({ 'narrative.yaml': wrong, 'world/objects.yaml': OBJECTS });
    expect(pack).toBeNull();
    expect(lines).toEqual([
      'narrative.yaml:15:13: error: scenes[1].flags[0]: must be "convergencePoint" or "thresholdScene" or "requiredForStory" or "emotionalHinge" or "branchPoint", got the text "convergence"',
      'narrative.yaml:26:15: error: scenes[1].approachVectors[0].conditions[0].proposition: a proposition is written Name(arg,…), e.g. "Knows(player,pells_fate)"',
      'narrative.yaml:33:5: error: gates[0].recipients: name the recipientIds of a specific gate',
      'narrative.yaml:40:21: error: subGraphs[0].permeability.min: min must not exceed max',
    ]);
  });

  it('warns when a trigger reveals a gate the narrative graph does not define', async () => {
    const triggers = `- id: mara_talks
  subscriber: mara
  predicate: { kind: Atom, proposition: "TrustGrowing(player,mara)" }
  effects:
    - { kind: RevealFact, gate: the_secrets, recipient: player }
`;
    const { pack, lines } = await load({
      'narrative.yaml': NARRATIVE,
      'world/objects.yaml': OBJECTS,
      'triggers.yaml': triggers,
    });
    expect(pack).not.toBeNull();
    expect(lines).toEqual([
      'triggers.yaml:5:33: warning: gate "the_secrets" is not defined in narrative.yaml (did you mean "the_secret"?); the reveal guards and frames nothing',
    ]);
    // Without a narrative graph, gates live only in triggers: nothing to check them against.
    expect((await load({ 'triggers.yaml': triggers })).lines).toEqual([]);
  });

  it('exports a JSON Schema for editors, strict at every level', () => {
    const schema = packJsonSchema('narrative');
    expect(schema).toMatchObject({
      title: 'Storyloom narrative.yaml',
      type: 'object',
      additionalProperties: false,
      properties: {
        scenes: { items: { required: expect.arrayContaining(['id', 'type', 'baseMass', 'setting']) } },
        gates: { items: { additionalProperties: false } },
      },
    });
    expect(Object.keys(schema.properties ?? {})).toEqual([
      'scenes',
      'gates',
      'subGraphs',
      'prophecies',
      'bridgeObjects',
    ]);
  });
});
