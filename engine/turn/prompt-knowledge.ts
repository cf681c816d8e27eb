import { inWorldMinutes, knowledgeView, LORE_TAG, recall, type KnowledgeStore, type Principal } from '../npc/index.ts';
import type { ViewRequest } from '../stream/index.ts';

/** Entries of the knowledge graphs one prompt recalls (half World KG, half the principal's own, at most). */
export const PROMPT_RECALL_LIMIT = 12;

export type PromptKnowledge = { readonly world: string; readonly own: string };
export const NO_KNOWLEDGE: PromptKnowledge = { world: '', own: '' };

/**
 * What a stage's principal recalls of the knowledge graphs, as lines to print: the Narrator reads the World KG only;
 * a character's intent and dialog read the World KG and its own KG; the persona's intent, the World KG and the
 * persona's. Extractors recall nothing. Lore entries are left out: the lore block already prints them.
 */
export function promptKnowledge(
  store: KnowledgeStore | undefined,
  request: ViewRequest,
  personaId: string,
  scene: { readonly time: string; readonly location: string; readonly present: readonly string[] },
): PromptKnowledge {
  const principal = principalOf(request, personaId);
  const now = inWorldMinutes(scene.time);
  if (store === undefined || principal === null || now === null) return NO_KNOWLEDGE;
  // Every stage call of a turn renders its principal's recollection; the store is immutable, so it is ranked once.
  const key = JSON.stringify([principal, now, scene.location, scene.present]);
  const cached = recalled.get(store)?.get(key);
  if (cached !== undefined) return cached;
  const recollection = recall(knowledgeView(store, principal), {
    now,
    entities: [...scene.present, scene.location],
    limit: PROMPT_RECALL_LIMIT,
    // Lore is printed by the lore block: left out before the limit, so it cannot crowd the rest out.
    excludeTags: [LORE_TAG],
  });
  const lines = (entries: typeof recollection.world) => entries.map((entry) => `- ${entry.text}`).join('\n');
  const knowledge = { world: lines(recollection.world), own: lines(recollection.own) };
  recalled.set(store, (recalled.get(store) ?? new Map<string, PromptKnowledge>()).set(key, knowledge));
  return knowledge;
}

/** Recollections already ranked, per store object (a write makes a new store, so nothing here goes stale). */
const recalled = new WeakMap<KnowledgeStore, Map<string, PromptKnowledge>>();

function principalOf(request: ViewRequest, personaId: string): Principal | null {
  switch (request.stage) {
    case 'narrator':
      return { kind: 'public' };
    case 'npc_intent':
    case 'character_dialog':
      return request.principal === personaId ? { kind: 'persona' } : { kind: 'character', id: request.principal };
    case 'persona_intent':
      return { kind: 'persona' };
    default:
      return null;
  }
}
