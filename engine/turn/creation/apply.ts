import type { NpcState } from '../../boundary/index.ts';
import { enrolCharacter, recordLore, type InWorldMinute } from '../../npc/index.ts';
import {
  characterSchema,
  locationSchema,
  worldObjectSchema,
  type Character,
  type StoryLocation,
  type WorldObjectSpec,
} from '../../pack/index.ts';
import { createWorldState, type WorldState } from '../../world/index.ts';
import type { PlayState } from '../play-state.ts';
import type { Created, Made } from './created.ts';
import { createdCharacterSchema, type CreationStep } from './step.ts';

/** Background figures the story makes act now and then, not every turn: below a pack's default of 50. */
const CREATED_CHATTINESS = 25;

/** What the turn's creations change: the creations checkpoint, the play state (and its world), the npc state. */
export interface AppliedCreations {
  readonly created: Created;
  readonly state: PlayState;
  readonly npc: NpcState;
  /** What was made, in order, for the run's summary lines. */
  readonly made: readonly Made[];
}

/**
 * The turn's creation steps applied: each person, place or thing validated by the pack's own schema and added to the
 * save's creations, placed in the play state and its world model, entered in the World KG by what anyone can see of it
 * (a person's concept stays in its own private knowledge), and a person ranked background on the roster, where the
 * tier rules and the PartialProfileCrafter treat it like any background figure of the pack.
 */
export function applyCreations(
  steps: readonly CreationStep[],
  outputs: ReadonlyMap<string, unknown>,
  at: { readonly turn: number; readonly time: InWorldMinute | null },
  before: { readonly created: Created; readonly state: PlayState; readonly npc: NpcState },
): AppliedCreations {
  let { created, state, npc } = before;
  const made: Made[] = [];
  for (const step of steps) {
    const { request, principal: id } = step;
    const one: Made = {
      kind: request.kind,
      id,
      name: request.name,
      turn: at.turn,
      scene: step.scene,
      why: request.why,
    };
    let seen: string;
    if (request.kind === 'character') {
      const character = createdCharacter(step, outputs.get(step.name));
      created = { ...created, characters: [...created.characters, character] };
      state = {
        ...state,
        positions: { ...state.positions, [id]: request.where },
        states: { ...state.states, [id]: [] },
      };
      if (npc.roster !== null && at.time !== null)
        npc = { ...npc, roster: enrolCharacter(npc.roster, id, 'background', at.time) };
      seen = character.description;
    } else if (request.kind === 'location') {
      const location = locationSchema.parse({
        id,
        name: request.name,
        description: request.concept,
        connections: [{ to: request.where }],
      });
      created = { ...created, locations: [...created.locations, location] };
      seen = location.description;
    } else {
      const object = worldObjectSchema.parse({
        id,
        name: request.name.toLowerCase(),
        description: request.concept,
        location: request.where,
      });
      created = { ...created, objects: [...created.objects, object] };
      seen = object.description;
    }
    created = { ...created, made: [...created.made, one] };
    made.push(one);
    state = withWorld(state, created, one);
    if (at.time !== null) {
      const fact = { key: request.name, content: seen, entities: [id] };
      npc = {
        ...npc,
        knowledge: recordLore(npc.knowledge, [fact], at.time, { source: 'creation', ref: `turn ${at.turn}` }),
      };
    }
  }
  return { created, state, npc, made };
}

/** A person from the creation stage's answer, in the pack's shape: its concept is its own private knowledge. */
function createdCharacter(step: CreationStep, output: unknown): Character {
  const answer = createdCharacterSchema.parse(output);
  return characterSchema.parse({
    id: step.principal,
    name: step.request.name,
    description: answer.description,
    personality: answer.personality,
    voice: { style: answer.voice, examples: [answer.line] },
    chattiness: CREATED_CHATTINESS,
    location: step.request.where,
    tier: 'background',
    knowledge: [{ content: step.request.concept }],
  });
}

/** The new person, place or thing in the play state's world model (packs without a `world/` folder keep none). */
function withWorld(state: PlayState, created: Created, made: Made): PlayState {
  const world = state.events?.world;
  if (state.events === undefined || world === undefined || world === null) return state;
  return { ...state, events: { ...state.events, world: addToWorld(world, created, made) } };
}

function addToWorld(world: WorldState, created: Created, made: Made): WorldState {
  const character = created.characters.find((candidate) => candidate.id === made.id);
  const location = created.locations.find((candidate) => candidate.id === made.id);
  const object = created.objects.find((candidate) => candidate.id === made.id);
  const added = createWorldState({
    locations: location === undefined ? [] : [worldLocation(location)],
    agents: character?.location === undefined ? [] : [{ id: made.id, name: made.name, location: character.location }],
    objects: object === undefined ? [] : [worldObject(object)],
  });
  const locations = { ...world.locations, ...added.locations };
  // A new place is joined to the map both ways, like withCreations joins it in the pack.
  for (const way of location?.connections ?? []) {
    const from = locations[way.to];
    if (from !== undefined && !from.connections.some((connection) => connection.to === made.id))
      locations[way.to] = {
        ...from,
        connections: [...from.connections, { to: made.id, cost: 1, door: null, seeThrough: true }],
      };
  }
  return {
    ...world,
    locations,
    agents: { ...world.agents, ...added.agents },
    objects: { ...world.objects, ...added.objects },
  };
}

function worldLocation(location: StoryLocation) {
  return {
    id: location.id,
    name: location.name,
    description: location.description,
    connections: location.connections.map((way) => ({ to: way.to, cost: way.travelMinutes ?? 1 })),
  };
}

function worldObject(object: WorldObjectSpec) {
  return {
    id: object.id,
    name: object.name,
    description: object.description,
    kind: object.kind,
    place: { at: 'location' as const, id: object.location ?? '' },
  };
}
