import { sharedMessages, type LlmRouter } from '../llm/index.ts';
import { NARRATOR_OWNER, TurnBuffer, type NewMessage } from '../stream/index.ts';
import { INTENT_CALL } from './npc-intent.ts';
import { charactersPresent } from './prompt-view.ts';
import { renderStage, type StageView } from './render-stage.ts';
import { beginTurn, type TurnSetup } from './run-turn.ts';
import type { TurnContext } from './turn-context.ts';
import { warmPrompts, type PromptToWarm } from './warm-prompts.ts';

/** The beginning of one stage's prompt for one principal, as its first call of the next turn will have it. */
export interface PromptHead extends PromptToWarm {
  readonly stage: 'npc_intent' | 'persona_extractor' | 'character_extractor' | 'lore_extractor';
}

type ViewAt = (context: TurnContext) => StageView;

/**
 * The heads of the next turn's per-principal prompts, before the player has typed: each character present's (its
 * intent and its dialog line open alike: instructions, its own sheet, the story so far; see
 * templates/character-sheet.ts), then the state extractors' (instructions, the story before the round) for the persona
 * and for each character present. The turn's own messages come after a head, so each is cut where a message of the
 * next turn would go: the prompt is rendered twice, the second time with one more line of story (for the persona's
 * extractor, whose story ends where the turn begins, with the persona's intention: its head holds its states and
 * thoughts too), and cut where the two part. Last the Lore Extractor's: its instructions and what the place brings to
 * mind, up to the round's passage. Characters likeliest to act come first: the baked, then the most talkative. With
 * `tuning.prepareIntents` a character's intent prompt is given whole, with its call's settings, to be answered ahead.
 * Nothing is emitted and nothing of the setup is changed.
 */
export function nextPromptHeads(setup: Omit<TurnSetup, 'events'>): PromptHead[] {
  const { context } = beginTurn({ ...setup, emit: () => undefined }, []);
  const persona = context.personaId;
  const further = (entry: NewMessage): TurnContext => {
    const buffer = new TurnBuffer(context.buffer.turn, context.buffer.stream());
    buffer.append(entry);
    return { ...context, buffer };
  };
  const narrated = further({ owner: NARRATOR_OWNER, type: 'narration', content: '…' });
  // The persona's extractor reads the story before the turn, which the input does not change, then its intention.
  const intended = further({ owner: persona, type: 'intention', content: '…' });
  const head = (view: ViewAt, extended = narrated) =>
    sharedMessages(renderStage(context, view(context)), renderStage(extended, view(extended)));
  const round = (at: TurnContext) => at.buffer.nextSeq();
  const characters = charactersPresent(context.pack, context.state)
    .sort((a, b) => Number(b.baked) - Number(a.baked) || b.chattiness - a.chattiness)
    .map((character) => character.id);
  const intentView =
    (id: string): ViewAt =>
    (at) => ({ stage: 'npc_intent', principal: id, roundStartSeq: round(at), character: id });
  // tuning.prepareIntents: the first to act decides from the story before the turn, which is known now. The whole
  // prompt is the one its call will send, so the decision itself is asked ahead; the call then waits for none of it.
  const prepared = context.pack.manifest.tuning.prepareIntents === true;
  return [
    ...characters.map((id) => ({
      stage: 'npc_intent' as const,
      principal: id,
      ...(prepared
        ? { messages: renderStage(context, intentView(id)(context)), call: INTENT_CALL }
        : { messages: head(intentView(id)) }),
      // A character in the scene may not act, but its line or intent is the likeliest call of the next turn after the
      // Narrator's: a new scene's characters take the last scene's sequences rather than go without.
      speculative: true,
      likely: true,
    })),
    {
      stage: 'persona_extractor' as const,
      principal: persona,
      messages: head(
        () => ({ stage: 'persona_extractor', principal: persona, roundStartSeq: round(context) }),
        intended,
      ),
      speculative: false,
    },
    ...characters.map((id) => ({
      stage: 'character_extractor' as const,
      principal: id,
      messages: head((at) => ({
        stage: 'character_extractor',
        principal: id,
        roundStartSeq: round(at),
        character: id,
      })),
      speculative: true,
    })),
    {
      stage: 'lore_extractor' as const,
      principal: 'world',
      // The round is the turn's first either way: the line added is the passage the extractor reads.
      messages: head(() => ({ stage: 'lore_extractor', principal: 'world', roundStartSeq: round(context) })),
      speculative: false,
    },
  ];
}

/**
 * While the player reads: the heads of `stages` (see nextPromptHeads), so a call of the next turn evaluates only that
 * turn's lines and its task. The characters' intent and dialog come after the Narrator's warm-up (the next input waits
 * for them); the state extractors after Stage 4's (they run after the prose, and a scene's close waits for them).
 */
export async function warmHeads(
  router: LlmRouter,
  heads: readonly PromptHead[],
  stages: readonly PromptHead['stage'][],
  signal: AbortSignal,
): Promise<void> {
  await warmPrompts(
    router,
    heads.filter((head) => stages.includes(head.stage)),
    signal,
  );
}
