import type { LlmMessage } from '../llm/index.ts';
import { narratorPrompt } from './narrate.ts';
import { activate, beginTurn, openingGuidance, turnBriefs, type TurnSetup } from './run-turn.ts';
import { NO_GUIDANCE } from './classify/guidance.ts';
import { awaitedIntention, standingRetrieval } from './standing-retrieval.ts';

/**
 * The Narrator's prompt as the next turn will open it, before the player has typed: the scene's markers written, the
 * story so far, a scene's opening brief, the choices and creation briefs (which come before the input's own guidance
 * in the prompt), Tier 3 as it stands before the input (standingRetrieval), and no guidance of the input's own, an
 * empty intention. Its instructions, setting, history, briefs and standing Tier 3 are what the turn's first Narrator
 * call begins with, so evaluating this while the player reads leaves that call only what the input retrieved, the
 * player's input and the turn's own guidance to evaluate. Nothing is emitted and nothing of the setup is changed.
 */
export function nextNarratorPrompt(setup: TurnSetup): LlmMessage[] {
  const { context, opened } = beginTurn({ ...setup, emit: () => undefined }, []);
  // What comes before the input's own guidance in the prompt, as the turn will compute it (its rng is the turn's own
  // copy: drawing here changes nothing the turn draws).
  const { flaggable: _flaggable, ...opening } = openingGuidance(setup, opened);
  const { silence, active } = activate(context);
  // The briefs as an input that is not refused and that everyone present perceives would have them (the usual turn).
  const { choicesFor, creation } = turnBriefs(setup, context, false, active.at(-1) ?? setup.personaId);
  const awaited = awaitedIntention(context.buffer, setup.personaId);
  const standing = standingRetrieval(context, setup.events, opened);
  const guidance = {
    ...NO_GUIDANCE,
    retrieved: standing.join('\n'),
    standing,
    ...opening,
    ...choicesFor(setup.personaId),
    ...creation,
  };
  return narratorPrompt(context, { intention: awaited, roundStartSeq: awaited.seq, silence, guidance });
}
