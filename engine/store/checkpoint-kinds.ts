/**
 * Every kind of checkpoint a save holds, in one list like the migrations: append only, because saves in the wild hold
 * these names. The store sits below every room that writes one, so the names live here; engine/turn's
 * checkpoint registry (turn/checkpoints.ts) pairs each with the zod schema its data must fit.
 */

/** The play state after each turn: location, clock, states, scene markers, the event state. */
export const PLAY_STATE_CHECKPOINT = 'play_state';
/**
 * Everything npc-simulation.md derives, plain JSON, rewound with the save: knowledge, roster, relationships,
 * simulation, chronicle, profiles (boundary/contract.ts says which step writes which part).
 */
export const NPC_STATE_CHECKPOINT = 'npc_state';
/** The truth set, written at each scene entry. */
export const TRUTH_CHECKPOINT = 'truth';
/** A turn's classification report (what the debug panel and `inspect truth` show). */
export const EVENTS_REPORT_CHECKPOINT = 'events_report';
/** What a scene opening's importance_flags did to the roster, refusals included, committed with that turn. */
export const IMPORTANCE_FLAGS_CHECKPOINT = 'importance_flags';
/** How many scene openings each pending interaction has been offered at: a spent one is never offered again. */
export const SCENE_OPENINGS_CHECKPOINT = 'scene_openings';
/** The people, places and things the story created (the Narrator's creation requests), whole, on the creating turn. */
export const CREATIONS_CHECKPOINT = 'creations';

export const CHECKPOINT_KINDS = [
  PLAY_STATE_CHECKPOINT,
  NPC_STATE_CHECKPOINT,
  TRUTH_CHECKPOINT,
  EVENTS_REPORT_CHECKPOINT,
  IMPORTANCE_FLAGS_CHECKPOINT,
  SCENE_OPENINGS_CHECKPOINT,
  CREATIONS_CHECKPOINT,
] as const;
export type CheckpointKind = (typeof CHECKPOINT_KINDS)[number];
