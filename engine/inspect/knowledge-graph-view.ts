import {
  EngineError,
  type KnowledgeEntryView,
  type KnowledgeGraphKind,
  type KnowledgeGraphView,
} from '../api/index.ts';
import { inWorldText, type KnowledgeEntry, type KnowledgeStore } from '../npc/index.ts';
import type { StoryPack } from '../pack/index.ts';
import type { SaveStore } from '../store/index.ts';
import { npcStateAt, playedPack } from '../turn/index.ts';
import { turnAsOf } from './turn-as-of.ts';

/**
 * One knowledge graph as of a turn (the last by default), read from the npc_state checkpoint the save held then:
 * `world`, `persona`, or a character id. A writer's view: provenance included, which no stage prompt ever gets.
 */
export function knowledgeGraphView(
  store: SaveStore,
  packOnly: StoryPack,
  graph: string,
  turn?: number,
): KnowledgeGraphView {
  const at = turnAsOf(store, turn);
  // The characters the story created have graphs and names like the pack's own.
  const pack = playedPack(packOnly, { latestCheckpoint: (kind) => store.latestCheckpoint(kind, at), path: store.path });
  const { knowledge } = npcStateAt(store, pack, at);
  const { kind, owner, entries } = pick(knowledge, pack, store.meta().personaId, graph);
  return {
    turn: at,
    graph: kind,
    owner,
    entries: entries.map(toView),
    sizes: {
      world: knowledge.world.length,
      persona: knowledge.persona.length,
      characters: Object.fromEntries(Object.entries(knowledge.characters).map(([id, list]) => [id, list.length])),
    },
  };
}

function pick(
  knowledge: KnowledgeStore,
  pack: StoryPack,
  personaId: string,
  graph: string,
): { kind: KnowledgeGraphKind; owner: string | null; entries: readonly KnowledgeEntry[] } {
  if (graph === 'world') return { kind: 'world', owner: null, entries: knowledge.world };
  if (graph === 'persona' || graph === personaId)
    return { kind: 'persona', owner: personaId, entries: knowledge.persona };
  const own = Object.hasOwn(knowledge.characters, graph) ? knowledge.characters[graph] : undefined;
  if (own !== undefined) return { kind: 'character', owner: graph, entries: own };
  // A character of the story without memories yet has an empty graph, not a missing one.
  if (pack.characters.some((character) => character.id === graph))
    return { kind: 'character', owner: graph, entries: [] };
  const known = ['world', 'persona', ...pack.characters.map((character) => character.id)].join(', ');
  throw new EngineError('invalid_params', `There is no knowledge graph "${graph}"; name one of: ${known}.`);
}

function toView(entry: KnowledgeEntry): KnowledgeEntryView {
  return {
    seq: entry.seq,
    kind: entry.kind,
    text: entry.text,
    time: inWorldText(entry.time),
    place: entry.place,
    entities: entry.entities,
    salience: entry.salience,
    tags: entry.tags,
    source: entry.provenance.source,
    ref: entry.provenance.ref,
  };
}
