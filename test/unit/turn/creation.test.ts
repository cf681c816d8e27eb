import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { initialNpcState } from '../../../engine/boundary/index.ts';
import type { StoryPack } from '../../../engine/pack/index.ts';
import { initialPlayState } from '../../../engine/turn/index.ts';
import { initialEventState } from '../../../engine/turn/classify/index.ts';
import { beatScriptSchemaFor, type CreationRequest } from '../../../engine/turn/outputs.ts';
import { applyCreations } from '../../../engine/turn/creation/apply.ts';
import { NOTHING_CREATED, withCreations, type Created } from '../../../engine/turn/creation/created.ts';
import { creationBrief, creationOffer, creationsPerScene } from '../../../engine/turn/creation/offer.ts';
import { creationId, takenIds, type CreationStep } from '../../../engine/turn/creation/step.ts';
import { lanternQuay, PERSONA } from '../../support/packs.ts';

const beats = [{ type: 'narration', content: 'The fire spits blue.' }];
const boatman: CreationRequest = {
  kind: 'character',
  name: 'Ned Tolly',
  concept: 'rowed Pell out',
  where: 'drowned-lantern',
  why: 'someone must answer',
};

let pack: StoryPack;
beforeAll(async () => {
  pack = await lanternQuay();
});

const tuned = (creation: boolean | number | undefined): StoryPack => ({
  ...pack,
  manifest: { ...pack.manifest, tuning: { ...pack.manifest.tuning, ...(creation === undefined ? {} : { creation }) } },
});

function fieldsOf(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input' });
  return Object.keys(json.properties ?? {});
}

function made(scene: number): Created {
  const one = { kind: 'location' as const, id: 'back-room', name: 'Back room', turn: 1, scene, why: 'why' };
  return { ...NOTHING_CREATED, made: [one] };
}

describe('creation requests in the beat script', () => {
  it('are a field of the schema only when offered, limited to the offered places and count', () => {
    const offered = beatScriptSchemaFor(['kit-wickett'], [], false, { places: ['drowned-lantern', 'quay'], max: 1 });
    expect(fieldsOf(offered)).toEqual(['beats', 'create']);
    expect(offered.parse({ beats, create: [boatman] }).create).toEqual([boatman]);
    expect(offered.safeParse({ beats, create: [{ ...boatman, where: 'chapel' }] }).success).toBe(false);
    expect(offered.safeParse({ beats, create: [boatman, { ...boatman, name: 'Jem' }] }).success).toBe(false);
    // Not offered: the field is not in the schema at all (nothing added to a small model's grammar), and refused.
    const plain = beatScriptSchemaFor(['kit-wickett']);
    expect(fieldsOf(plain)).toEqual(['beats']);
    expect(plain.safeParse({ beats, create: [boatman] }).success).toBe(false);
    expect(fieldsOf(beatScriptSchemaFor([], [], true, { places: ['quay'], max: 0 }))).toEqual(['beats', 'choices']);
  });
});

describe('what a turn may create', () => {
  it('is two per scene by default, none when the pack forbids it, the pack’s number otherwise', () => {
    expect(creationsPerScene(tuned(undefined))).toBe(2);
    expect(creationsPerScene(tuned(true))).toBe(2);
    expect(creationsPerScene(tuned(false))).toBe(0);
    expect(creationsPerScene(tuned(3))).toBe(3);
    const state = initialPlayState(pack, PERSONA);
    expect(creationOffer(tuned(false), state, NOTHING_CREATED)).toBeNull();
    expect(creationOffer(tuned(0), state, NOTHING_CREATED)).toBeNull();
  });

  it('counts what this scene already made, and starts afresh in the next', () => {
    const state = initialPlayState(pack, PERSONA);
    expect(creationOffer(tuned(1), state, NOTHING_CREATED)?.max).toBe(1);
    expect(creationOffer(tuned(1), state, made(state.scene))).toBeNull();
    expect(creationOffer(tuned(1), { ...state, scene: state.scene + 1 }, made(state.scene))?.max).toBe(1);
    expect(creationOffer(tuned(5), state, NOTHING_CREATED)?.max).toBe(2);
  });

  it('puts it in the scene’s place or one a way from it, and says so in the brief', () => {
    const offer = creationOffer(pack, initialPlayState(pack, PERSONA), NOTHING_CREATED);
    expect(offer?.places).toEqual(['drowned-lantern', 'quay']);
    const brief = offer === null ? '' : creationBrief(pack, offer);
    expect(brief).toContain('up to 2');
    expect(brief).toContain('drowned-lantern (The Drowned Lantern), quay (Lantern Quay)');
  });
});

describe('a created id', () => {
  it('is the name’s slug, or the next free one when any pack id (of any kind) has it', () => {
    const taken = takenIds(pack);
    expect(creationId('Ned Tolly', 'character', taken)).toBe('ned-tolly');
    // St. Brennoc's Chapel is `chapel`: a back room the smugglers call "Chapel" may not take its id.
    expect(creationId('Chapel', 'location', taken)).toBe('chapel-2');
    expect(creationId('Kit Wickett', 'character', taken)).toBe('kit-wickett-2');
    expect(creationId('Narrator', 'character', taken)).toBe('narrator-2');
    expect(creationId('¿?', 'object', taken)).toBe('object');
  });
});

describe('the story’s creations in the pack as played', () => {
  const step = (request: CreationRequest, id: string): CreationStep => ({
    name: `creation.${id}`,
    stage: 'creation',
    principal: id,
    request,
    scene: 1,
    messages: [],
  });
  const room: CreationRequest = {
    kind: 'location',
    name: 'Back room',
    concept: 'A whitewashed room behind the taproom.',
    where: 'drowned-lantern',
    why: 'a private talk',
  };
  const letter: CreationRequest = {
    kind: 'object',
    name: 'Ned’s Letter',
    concept: 'A letter sealed with tar.',
    where: 'back-room',
    why: 'proof',
  };

  function apply(steps: readonly CreationStep[], outputs: ReadonlyMap<string, unknown>) {
    const state = initialPlayState(pack, PERSONA);
    const events = initialEventState(pack, state, PERSONA);
    const before = { created: NOTHING_CREATED, state: { ...state, events }, npc: initialNpcState(pack) };
    return applyCreations(steps, outputs, { turn: 3, time: 600 }, before);
  }

  it('joins a place to the map both ways, lays a thing in it, and leaves the pack alone when nothing was made', () => {
    expect(withCreations(pack, NOTHING_CREATED)).toBe(pack);
    const applied = apply([step(room, 'back-room'), step(letter, 'ned-s-letter')], new Map());
    const played = withCreations(pack, applied.created);
    expect(played.locations.find((l) => l.id === 'drowned-lantern')?.connections.at(-1)?.to).toBe('back-room');
    expect(played.locations.find((l) => l.id === 'back-room')?.connections.map((way) => way.to)).toEqual([
      'drowned-lantern',
    ]);
    expect(played.world?.objects.at(-1)).toMatchObject({
      id: 'ned-s-letter',
      name: 'ned’s letter',
      location: 'back-room',
    });
    const world = applied.state.events?.world;
    expect(world?.objects['ned-s-letter']?.place).toEqual({ at: 'location', id: 'back-room' });
    expect(world?.locations['back-room']?.connections.map((way) => way.to)).toEqual(['drowned-lantern']);
    expect(applied.made.map((one) => `${one.kind} ${one.id} turn ${one.turn}`)).toEqual([
      'location back-room turn 3',
      'object ned-s-letter turn 3',
    ]);
  });

  it('refuses a creation stage answer the pack’s shapes cannot hold, naming the field', () => {
    const outputs = new Map([['creation.ned-tolly', { description: '', personality: 'x', voice: 'y', line: 'z' }]]);
    expect(() => apply([step(boatman, 'ned-tolly')], outputs)).toThrow(/description/u);
  });
});
