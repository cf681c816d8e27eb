import {
  emptyKnowledgeStore,
  hours,
  recordKnowledge,
  type Audience,
  type CohortCandidate,
  type IntentCheckAnswer,
  type KnowledgeDraft,
  type KnowledgeStore,
  type PlannerCharacter,
} from '../../../engine/npc/index.ts';

/** In-world minutes: hour 0 is the morning the story opens; tests read times in hours. */
export const at = (hour: number): number => hours(hour);

export function draft(text: string, overrides: Partial<KnowledgeDraft> = {}): KnowledgeDraft {
  return { kind: 'memory', text, time: at(0), salience: 5, provenance: { source: 'scene', ref: null }, ...overrides };
}

export const WORLD: Audience = { kind: 'world' };
export const PERSONA: Audience = { kind: 'persona' };
export const own = (id: string): Audience => ({ kind: 'character', id });

/** Every graph holds an entry about pier_7, so a query for it would find all of them if a view let it. */
export function portsideStore(): KnowledgeStore {
  const docks = { entities: ['pier_7'], tags: ['docks'] };
  let store = emptyKnowledgeStore();
  store = recordKnowledge(store, WORLD, [draft('WORLD: the warehouse on Pier 7 burned', { ...docks, kind: 'fact' })]);
  store = recordKnowledge(store, PERSONA, [draft('PERSONA: I saw a cloaked figure at Pier 7', docks)]);
  store = recordKnowledge(store, own('kira'), [draft('KIRA: I set the fire on Pier 7', docks)]);
  store = recordKnowledge(store, own('tam'), [draft('TAM: Kira paid me to forge the Pier 7 manifest', docks)]);
  return store;
}

export function candidate(id: string, overrides: Partial<CohortCandidate> = {}): CohortCandidate {
  return {
    id,
    location: null,
    area: null,
    goalTargets: [],
    strongRelationships: [],
    faction: null,
    factionBusiness: [],
    routine: [],
    ...overrides,
  };
}

export function answer(
  character: string,
  stances: { seeking?: readonly string[]; avoiding?: readonly string[] } = {},
): IntentCheckAnswer {
  return {
    character,
    seeking: (stances.seeking ?? []).map((id) => ({ character: id })),
    avoiding: (stances.avoiding ?? []).map((id) => ({ character: id })),
    selfFocused: stances.seeking === undefined && stances.avoiding === undefined ? 'minding own business' : null,
  };
}

export function npc(
  id: string,
  times: { simulated?: number; appeared?: number } = {},
  tier: PlannerCharacter['tier'] = 'arc_important',
): PlannerCharacter {
  return { id, tier, lastSimulatedAt: times.simulated ?? null, lastAppearedAt: times.appeared ?? null };
}
