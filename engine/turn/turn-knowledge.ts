import { mentionFinder, type NpcState } from '../boundary/index.ts';
import { inWorldMinutes, recordLore, type LoreFact } from '../npc/index.ts';
import type { StoryPack } from '../pack/index.ts';
import type { SaveStore } from '../store/index.ts';
import { npcStateAt } from './npc-state-at.ts';
import type { PlayState } from './play-state.ts';

/** The npc_state a turn starts from: the latest checkpoint's (the last boundary's, or the last turn's lore), or the initial one. */
export function npcStateForTurn(store: SaveStore, pack: StoryPack): NpcState {
  return npcStateAt(store, pack);
}

/**
 * Lorebook = World KG (ARCHITECTURE §8.2): what the Lore Extractor learned this turn — a new key, or new content for a
 * known one — recorded as World KG facts dated at the turn's start. The same state when the turn learned nothing, so
 * the caller commits an npc_state checkpoint only when something changed.
 */
export function withLearnedLore(
  npc: NpcState,
  pack: StoryPack,
  before: PlayState,
  after: PlayState,
  turn: number,
): NpcState {
  const known = new Set(before.lore.map((entry) => `${entry.key.toLowerCase()}\n${entry.content}`));
  const learned = after.lore.filter(
    (entry) => entry.turn === turn && !known.has(`${entry.key.toLowerCase()}\n${entry.content}`),
  );
  const time = inWorldMinutes(before.time);
  if (learned.length === 0 || time === null) return npc;
  const mentions = mentionFinder(pack);
  const facts = learned.map((entry): LoreFact => ({
    key: entry.key,
    content: entry.content,
    entities: mentions(`${entry.key} ${entry.content}`),
  }));
  const knowledge = recordLore(npc.knowledge, facts, time, { source: 'lore-extractor', ref: `turn ${turn}` });
  return { ...npc, knowledge };
}
