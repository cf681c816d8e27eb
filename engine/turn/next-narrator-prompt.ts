import type { LlmMessage } from '../llm/index.ts';
import type { StreamEntry } from '../stream/index.ts';
import { narratorPrompt } from './narrate.ts';
import { beginTurn, type TurnSetup } from './run-turn.ts';

/**
 * The Narrator's prompt as the next turn will open it, before the player has typed: the scene's markers written, the
 * story so far, no guidance, an empty intention. Its instructions, setting and history are what the turn's first
 * Narrator call begins with, so evaluating this while the player reads leaves that call only the player's input and
 * the turn's own guidance to evaluate. Nothing is emitted and nothing of the setup is changed.
 */
export function nextNarratorPrompt(setup: Omit<TurnSetup, 'events'>): LlmMessage[] {
  const { context } = beginTurn({ ...setup, emit: () => undefined }, []);
  const awaited: StreamEntry = {
    turn: setup.turn,
    seq: context.buffer.nextSeq(),
    owner: setup.personaId,
    type: 'intention',
    content: '',
    mood: null,
    meta: null,
  };
  return narratorPrompt(context, { intention: awaited, roundStartSeq: awaited.seq, silence: false });
}
