import { entityNamer, type Character, type StoryPack } from '../../pack/index.ts';
import { keepsKnowledgeGraph, knowledgeView, recall, tierOf, type Principal } from '../../npc/index.ts';
import type { ReflectionContext } from '../../prompts/index.ts';
import { buildView, isManifest, visibleStates, type LeveledState, type StreamEntry } from '../../stream/index.ts';
import type { ClosedScene } from './closed-scene.ts';

/** Entries of the World KG and of the character's own KG a reflection recalls (half each at most). */
export const REFLECTION_RECALL_LIMIT = 16;

/** Who remembers a scene, and whose graph (the persona's, or one character's) its memories go to and come from. */
export type Reflector = {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** Empty for the persona: the player decides its temperament, not the pack. */
  readonly personality: string;
  readonly principal: Extract<Principal, { kind: 'persona' } | { kind: 'character' }>;
};

/**
 * Characters present when the scene closed who keep a knowledge graph, then the persona (npc-simulation.md's MC KG:
 * "narrative from MC's point of view"), who is in every scene it plays.
 */
export function reflectors(pack: StoryPack, scene: ClosedScene, personaId: string): readonly Reflector[] {
  const characters = pack.characters
    .filter((character) => {
      if (character.id === personaId || !scene.present.includes(character.id)) return false;
      return scene.roster === null || keepsKnowledgeGraph(tierOf(scene.roster, character.id));
    })
    .map(characterReflector);
  const persona = pack.personas.find((candidate) => candidate.id === personaId);
  if (persona === undefined) return characters;
  const { id, name, description } = persona;
  return [...characters, { id, name, description, personality: '', principal: { kind: 'persona' } }];
}

function characterReflector(character: Character): Reflector {
  const { id, name, description, personality } = character;
  return { id, name, description, personality, principal: { kind: 'character', id } };
}

/** One reflector and its prompt's variables. */
export interface ReflectionView {
  readonly character: Reflector;
  readonly variables: ReflectionContext;
}

/**
 * Every reflector of a closed scene with its view of it. A character who witnessed nothing of the scene has nothing
 * to remember of it: it is not asked to invent some.
 */
export function reflectionViews(pack: StoryPack, scene: ClosedScene, personaId: string): readonly ReflectionView[] {
  return reflectors(pack, scene, personaId)
    .map((character) => ({ character, variables: reflectionContext(pack, scene, personaId, character) }))
    .filter(({ variables }) => variables.scene.length > 0);
}

/**
 * The reflection prompt's variables for ONE reflector: the scene as the visibility matrix lets it see it (narration
 * and dialog it witnessed, its own thoughts and intentions; never a whisper between others or another's thoughts),
 * and what its knowledge view recalls (World KG and its own KG, nothing else).
 */
export function reflectionContext(
  pack: StoryPack,
  scene: ClosedScene,
  personaId: string,
  character: Reflector,
): ReflectionContext {
  const view = knowledgeView(scene.knowledge, character.principal);
  const recollection = recall(view, {
    now: scene.time,
    entities: [...scene.present, scene.location],
    limit: REFLECTION_RECALL_LIMIT,
  });
  const location = pack.locations.find((candidate) => candidate.id === scene.location);
  const nameOf = entityNamer(pack, personaId);
  return {
    story: { title: pack.manifest.title },
    cast: castLine(pack, personaId),
    char: {
      id: character.id,
      name: character.name,
      description: character.description,
      personality: character.personality,
      states: manifestStates(character.id, scene.states[character.id] ?? []),
    },
    location: { id: scene.location, name: location?.name ?? scene.location },
    scene: witnessedBy(scene.transcript, character.id).map((entry) => ({ line: lineOf(nameOf, entry) })),
    knowledge: {
      world: recollection.world.map((entry) => entry.text),
      own: recollection.own.map((entry) => entry.text),
    },
  };
}

/** The character's manifest states when the scene closed, as its own intent stage prints them. */
function manifestStates(id: string, states: readonly LeveledState[]): string {
  return visibleStates('npc_intent', id, id, states)
    .filter(isManifest)
    .map((state) => `${state.name} (${state.category}, ${state.level})`)
    .join('; ');
}

/** The character's intent view of the whole scene: a cursor past its last message sees everything that happened. */
function witnessedBy(transcript: readonly StreamEntry[], id: string): readonly StreamEntry[] {
  const last = transcript.at(-1);
  if (last === undefined) return [];
  return buildView(transcript, {
    stage: 'npc_intent',
    principal: id,
    cursor: { turn: last.turn + 1, roundStartSeq: 1 },
  });
}

function castLine(pack: StoryPack, personaId: string): string {
  const persona = pack.personas.find((candidate) => candidate.id === personaId);
  const people = [...(persona === undefined ? [] : [persona]), ...pack.characters];
  const places = pack.locations.map((location) => `${location.id} — ${location.name}`);
  return [...people.map((person) => `${person.id} — ${person.name}`), ...places].join(', ');
}

function lineOf(nameOf: (id: string) => string, entry: StreamEntry): string {
  const name = nameOf(entry.owner);
  switch (entry.type) {
    case 'dialog':
      return `${name}${entry.mood ? ` (${entry.mood})` : ''}: “${entry.content}”`;
    case 'intention':
      return `(you meant to) ${entry.content}`;
    case 'thought':
      return `(you thought) ${entry.content}`;
    default:
      return entry.content;
  }
}
