import { describe, expect, it } from 'vitest';
import { formatDiagnostic, loadPack, packJsonSchema, packTierOf } from '../../../engine/pack/index.ts';
import { APP_VERSION, MINIMAL_PACK, writePack } from './temp-pack.ts';

const MARA_LIFE = `tier: arc_important
faction: harbour
goals:
  - Keep the harbour honest.
  - goal: Find out what the captain carries.
    involves: [player, jory]
routine:
  - { from: "21:00", to: "02:00", location: harbour, activity: "watches the night boats" }
  - { from: "02:00", to: "21:00", location: tavern }
`;

const MOMENTUM = `worldMomentum:
  - id: the-storm
    name: The spring storm
    direction: Builds all night and breaks at dawn.
    pace: hours
    involves: [harbour, mara]
`;

async function load(files: Record<string, string>) {
  const { pack, diagnostics } = await loadPack(await writePack(files), { appVersion: APP_VERSION });
  return { pack, lines: diagnostics.map((diagnostic) => formatDiagnostic(diagnostic)) };
}

const mara = (life: string) => ({ 'characters/mara.yaml': `${MINIMAL_PACK['characters/mara.yaml'] ?? ''}${life}` });
const jory = { 'characters/jory.yaml': 'id: jory\nname: Jory\ndescription: A deckhand.\n' };
const story = (extra: string) => ({ 'story.yaml': `${MINIMAL_PACK['story.yaml'] ?? ''}${extra}` });

describe('character tiers, goals, routines, factions and world momentum in a pack', () => {
  it('loads a character’s tier, goals (plain or naming characters), routine and faction', async () => {
    const { pack, lines } = await load({ ...mara(MARA_LIFE.replace('[player, jory]', '[player]')) });
    expect(lines).toEqual([]);
    expect(pack?.characters[0]).toMatchObject({
      tier: 'arc_important',
      faction: 'harbour',
      goals: ['Keep the harbour honest.', { goal: 'Find out what the captain carries.', involves: ['player'] }],
      routine: [
        { from: '21:00', to: '02:00', location: 'harbour', activity: 'watches the night boats' },
        { from: '02:00', to: '21:00', location: 'tavern' },
      ],
    });
  });

  it('defaults the tier by what the character already is: baked drives the story, anyone else is significant', async () => {
    const { pack } = await load(jory);
    const byId = new Map(pack?.characters.map((character) => [character.id, character]));
    expect(byId.get('mara')?.tier).toBeUndefined();
    expect(packTierOf(byId.get('mara') ?? { baked: false })).toBe('arc_important');
    expect(packTierOf(byId.get('jory') ?? { baked: true })).toBe('significant');
  });

  it('loads world momentum from story.yaml, pace defaulting to days', async () => {
    const { pack, lines } = await load(
      story(`${MOMENTUM}  - { id: the-debt, name: The debt, direction: Comes due. }\n`),
    );
    expect(lines).toEqual([]);
    expect(pack?.manifest.worldMomentum).toMatchObject([
      { id: 'the-storm', pace: 'hours', involves: ['harbour', 'mara'] },
      { id: 'the-debt', pace: 'days', involves: [] },
    ]);
  });

  it('reports unknown places, people and bad times at their file:line:col', async () => {
    const broken = MARA_LIFE.replace('[player, jory]', '[player, jorry]')
      .replace('location: tavern', 'location: taverm')
      .replace('to: "02:00", location: harbour', 'to: "2am", location: harbour');
    const { pack, lines } = await load({ ...jory, ...mara(broken) });
    expect(pack).toBeNull();
    expect(lines).toEqual([
      'characters/mara.yaml:28:22: error: routine[0].to: must be a time of day such as "21:00" (quote it in YAML)',
    ]);
    const { lines: references } = await load({
      ...jory,
      ...mara(broken.replace('"2am"', '"02:00"')),
      ...story(MOMENTUM.replace('[harbour, mara]', '[harbor, mara]')),
    });
    expect(references).toEqual([
      'characters/mara.yaml:26:24: error: unknown character or persona "jorry" (did you mean "jory"?); use "player" for the persona',
      'characters/mara.yaml:29:45: error: unknown location "taverm" (did you mean "tavern"?)',
      'story.yaml:22:16: error: unknown character or location "harbor" (did you mean "harbour"?)',
    ]);
  });

  it('refuses a ninth arc_important character at its tier', async () => {
    const extra = Object.fromEntries(
      Array.from({ length: 9 }, (_, index) => [
        `characters/extra-${index}.yaml`,
        `id: extra-${index}\nname: Extra ${index}\ndescription: Someone.\ntier: arc_important\n`,
      ]),
    );
    const { lines } = await load({ ...extra, ...mara('tier: significant\n') });
    expect(lines).toEqual([
      'characters/extra-8.yaml:4:7: error: more than 8 arc_important characters; make this one significant (stories carry 4–6 with full agency)',
    ]);
  });

  it('exports the new keys in the JSON Schemas for editors', () => {
    const character = packJsonSchema('character');
    expect(character.properties).toMatchObject({
      tier: { enum: ['arc_important', 'significant', 'background'] },
      routine: { type: 'array' },
      goals: { type: 'array' },
      faction: { type: 'string' },
    });
    expect(packJsonSchema('story').properties).toMatchObject({ worldMomentum: { type: 'array' } });
  });
});
