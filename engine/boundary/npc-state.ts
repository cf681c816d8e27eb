import { z } from 'zod';
import {
  createTierRoster,
  restoreKnowledgeStore,
  restoreTierRoster,
  type KnowledgeStore,
  type TierRoster,
} from '../npc/index.ts';
import { packTierOf, type StoryPack } from '../pack/index.ts';
import { jsonSchema } from './json.ts';
import { packKnowledge } from './pack-knowledge.ts';

/**
 * The `npc_state` checkpoint (see NPC_STATE_CHECKPOINT in contract.ts): everything npc-simulation.md derives, written by
 * the boundary's checkpoint step on the closing turn, so a fork before that turn rewinds all of it.
 */
export interface NpcState {
  readonly version: 1;
  readonly knowledge: KnowledgeStore;
  readonly roster: TierRoster | null;
  readonly relationships: z.infer<typeof jsonSchema>;
  readonly simulation: z.infer<typeof jsonSchema>;
  readonly chronicle: z.infer<typeof jsonSchema>;
  /** Appearances and partial profiles (ProfilesState; offscreen_propagation). */
  readonly profiles: z.infer<typeof jsonSchema>;
  /**
   * How each character stands with each other (Standings, engine/npc): moved by the StandingShifts the boundary's steps
   * return, not replaced by one owner. Absent in saves from before standings.
   */
  readonly standings?: z.infer<typeof jsonSchema>;
}

/** The parts a step may replace through StepResult.npc (knowledge only grows, through drafts). */
export const NPC_STATE_PARTS = ['roster', 'relationships', 'simulation', 'chronicle', 'profiles'] as const;
export type NpcStatePart = (typeof NPC_STATE_PARTS)[number];

const knowledgeSchema = z.unknown().transform((data, context): KnowledgeStore => {
  const restored = restoreKnowledgeStore(data);
  if (restored.ok) return restored.store;
  for (const problem of restored.problems) context.addIssue({ code: 'custom', message: problem });
  return z.NEVER;
});

const rosterSchema = z.unknown().transform((data, context): TierRoster | null => {
  if (data === null) return null;
  const restored = restoreTierRoster(data);
  if (restored.ok) return restored.roster;
  for (const problem of restored.problems) context.addIssue({ code: 'custom', message: problem });
  return z.NEVER;
});

export const npcStateSchema = z.strictObject({
  version: z.literal(1),
  knowledge: knowledgeSchema,
  roster: rosterSchema,
  relationships: jsonSchema,
  simulation: jsonSchema,
  chronicle: jsonSchema,
  // Saves from before partial profiles have none yet.
  profiles: jsonSchema.default(null),
  standings: jsonSchema.default(null),
});

/**
 * Before the first scene boundary: the World KG seeded from the pack, no memories yet, and the pack's tiers (baked
 * characters default to arc_important); the steps that own the other parts create them when they first run.
 */
export function initialNpcState(pack: StoryPack): NpcState {
  const seeds = pack.characters.map((character) => ({ id: character.id, tier: packTierOf(character) }));
  const roster = createTierRoster(seeds);
  return {
    version: 1,
    knowledge: packKnowledge(pack),
    // A pack over the cap is refused when it loads; should one slip through, the roster starts empty, not wrong.
    roster: roster.ok ? roster.roster : null,
    relationships: null,
    simulation: null,
    chronicle: null,
    profiles: null,
  };
}

/** A stored npc_state; one written by an incompatible build is reported, not guessed at. */
export function npcStateFromCheckpoint(data: unknown, source: string): NpcState {
  const parsed = npcStateSchema.safeParse(data);
  if (!parsed.success)
    throw new Error(`${source}: the saved npc state is unreadable: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
