import type { StreamEntry, TurnBuffer } from '../stream/index.ts';
import { classifyTurn, type Classification, type ClassifyContext, type EventTurnInput } from './classify/index.ts';
import { narratorRetrieval } from './narrator-retrieval.ts';

/**
 * The coming turn classified before the player types: with an empty input (its scene entry, the clock's facts and what
 * they trigger, but no parse, no action and no judgment of its own). Pure: the warm-ups and the turn compute the same
 * from the same event state, and none of them keeps it.
 */
export function standingClassification(
  context: ClassifyContext,
  events: EventTurnInput,
  opened: boolean,
): { readonly classification: Classification; readonly awaited: StreamEntry } {
  const awaited = awaitedIntention(context.buffer, context.personaId);
  const classification = classifyTurn(context, {
    runtime: events.runtime,
    events: events.state,
    intention: awaited,
    whisperTo: null,
    opened,
  });
  return { classification, awaited };
}

/**
 * Tier 3 as it stands before the player types, best first: retrieved from the standing classification. The warm-up
 * of the next Narrator prompt holds these lines, and the turn's prompt lists those it retrieved too first, in this
 * order (NarratorGuidance.standing), so the KV cache the warm-up left covers them.
 */
export function standingRetrieval(
  context: ClassifyContext,
  events: EventTurnInput,
  opened: boolean,
): readonly string[] {
  const { classification, awaited } = standingClassification(context, events, opened);
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
