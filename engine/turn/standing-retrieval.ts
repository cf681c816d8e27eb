import type { StreamEntry, TurnBuffer } from '../stream/index.ts';
import { classifyTurn, type ClassifyContext, type EventTurnInput } from './classify/index.ts';
import { narratorRetrieval } from './narrator-retrieval.ts';

/**
 * Tier 3 as it stands before the player types, best first: the turn classified with an empty input (its scene entry,
 * the clock's facts and what they trigger, but no parse, no action and no judgment of its own), and retrieved from
 * that. The warm-up of the next Narrator prompt holds these lines, and the turn's prompt lists those it retrieved too
 * first, in this order (NarratorGuidance.standing), so the KV cache the warm-up left covers them. Pure: the warm-up
 * and the turn compute the same lines from the same event state, and neither keeps this classification.
 */
export function standingRetrieval(
  context: ClassifyContext,
  events: EventTurnInput,
  opened: boolean,
): readonly string[] {
  const awaited = awaitedIntention(context.buffer, context.personaId);
  const classification = classifyTurn(context, {
    runtime: events.runtime,
    events: events.state,
    intention: awaited,
    whisperTo: null,
    opened,
  });
  return narratorRetrieval(context, classification, awaited).lines;
}

/** The persona's intention before the player has typed it: empty, where the turn will append it. */
export function awaitedIntention(buffer: TurnBuffer, personaId: string): StreamEntry {
  return {
    turn: buffer.turn,
    seq: buffer.nextSeq(),
    owner: personaId,
    type: 'intention',
    content: '',
    mood: null,
    meta: null,
  };
}
