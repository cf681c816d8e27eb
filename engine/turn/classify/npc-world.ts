import { parseStructure, type Lexicon, type StructuralParse } from '../../events/index.ts';
import type { StoryPack } from '../../pack/index.ts';
import type { StreamEntry } from '../../stream/index.ts';
import type { Volume, World, WorldState } from '../../world/index.ts';
import { getPerceivers } from '../../world/index.ts';
import { withPlayTime } from './world-step.ts';
import type { PlayState } from '../play-state.ts';
import { exitsOf, withImpliedMove } from './implied-move.ts';
import { judgeActions } from './judge-actions.ts';
import { volumeOf } from './volume.ts';

export interface NpcJudgment {
  readonly world: World | null;
  /** What could not happen, in words for the Narrator (and so for the character, who witnesses its telling). */
  readonly refusal: string | null;
  /** Who perceives the character's doing (in the world before it acts); undefined for a pack without a world. */
  readonly perceivedBy?: readonly string[];
}

/**
 * A character's intention is parsed and judged by the world exactly as the persona's is (Stage 1, then judgeActions):
 * "Unlock the Custom House door with my key, throw it wide open, and step inside" unlocks, opens and moves Ambrose
 * in the world, or, refused in any part, changes nothing and says why.
 */
export function judgeNpcIntention(
  context: { readonly pack: StoryPack; readonly state: PlayState },
  lexicon: Lexicon,
  world: World | null,
  intention: StreamEntry,
): NpcJudgment {
  const agent = intention.owner;
  if (world === null || world.state.agents[agent] === undefined) return { world, refusal: null };
  const location = world.state.agents[agent]?.location ?? context.state.positions[agent] ?? context.state.location;
  const text = intention.content;
  const parse = withImpliedMove(parseStructure(text, lexicon, { present: [] }), context.pack, location, text);
  const volume = volumeOf(text, false);
  const perceivedBy = perceiversOf(world.state, agent, parse, volume, null);
  if (parse.constraint !== null) return { world, refusal: parse.constraint.reason, perceivedBy };
  const judged = judgeActions(world, parse.actions, {
    agent,
    location,
    exits: exitsOf(context.pack, location),
    contentRef: `${intention.turn}:${intention.seq}`,
    volume,
  });
  if (judged.refusal === null) return { world: judged.world, refusal: null, perceivedBy };
  const name = context.pack.characters.find((character) => character.id === agent)?.name ?? agent;
  return { world: judged.world, refusal: `${name} cannot do it: ${judged.refusal.reason}`, perceivedBy };
}

/** Who sees the actor, and hears it when the words speak: the world's perception, not "the same place". */
export function perceiversOf(
  state: WorldState,
  actor: string,
  parse: StructuralParse,
  volume: Volume,
  to: string | null,
): string[] {
  const speaks = parse.actions.some((action) => action.kind === 'speech');
  return getPerceivers(state, actor, speaks ? volume : null, to);
}

/**
 * After the turn: where the world says the characters are is where the play state says they are (the persona's own
 * move is the turn's marker, set by the caller), and world time is play time, so the two never drift apart.
 */
export function settleWorld(
  world: World | null,
  state: PlayState,
  personaId: string,
): { world: World | null; state: PlayState } {
  if (world === null) return { world, state };
  const positions = { ...state.positions };
  for (const id of Object.keys(positions)) {
    const there = world.state.agents[id]?.location;
    if (there !== undefined && id !== personaId) positions[id] = there;
  }
  return { world: withPlayTime(world, state.time), state: { ...state, positions } };
}
