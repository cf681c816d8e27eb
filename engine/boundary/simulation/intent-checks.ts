import {
  intentChecksNeeded,
  scoreAllPairs,
  type CohortCandidate,
  type IntentCheckAnswer,
  type SimulationWindow,
} from '../../npc/index.ts';
import type { LlmMessage } from '../../llm/index.ts';
import type { StoryPack } from '../../pack/index.ts';
import type { BoundaryStepContext, CallSettings } from '../contract.ts';
import { characterId, storyHeader } from './cast.ts';
import type { OffscreenScene } from './offscreen-scene.ts';
import { intentCheckSchema, type IntentCheckReply } from './outputs.ts';
import { characterSheet, periodOf } from './sheets.ts';

export type AskedIntent = { readonly character: string; readonly reply: IntentCheckReply };

/** An IntentCheck's settings: the same at the close and when its answer is asked ahead (offscreenWarmUps). */
export const INTENT_CHECK = {
  schema: intentCheckSchema,
  schemaName: 'intent_check',
  maxTokens: 500,
  temperature: 0.4,
} as const satisfies CallSettings<IntentCheckReply>;

/**
 * IntentCheck for every character the pair scores cannot settle (borderline pairs and chain links): each is asked,
 * from its own view, whether it will seek out or avoid the others of its uncertain pairs during the period.
 */
export async function askIntentChecks(
  context: BoundaryStepContext,
  scene: OffscreenScene,
  window: SimulationWindow,
  candidates: readonly CohortCandidate[],
): Promise<readonly AskedIntent[]> {
  return Promise.all(
    intentCheckPrompts(context, scene, window, candidates).map(async ({ character, messages }) => {
      const reply = await context.callObject({
        stage: 'intent_check',
        principal: character,
        messages,
        ...INTENT_CHECK,
      });
      return { character, reply };
    }),
  );
}

/** The IntentCheck prompts of a period: one for each character whose pairs the scores leave uncertain. */
export function intentCheckPrompts(
  { pack, prompts }: Pick<BoundaryStepContext, 'pack' | 'prompts'>,
  scene: OffscreenScene,
  window: SimulationWindow,
  candidates: readonly CohortCandidate[],
): readonly { readonly character: string; readonly messages: LlmMessage[] }[] {
  const request = intentChecksNeeded(scoreAllPairs(candidates));
  const partners = (id: string) =>
    request.pairs.flatMap(({ pair }) => (pair.a === id ? [pair.b] : pair.b === id ? [pair.a] : []));
  return request.characters.map((id) => {
    const character = pack.characters.find((candidate) => candidate.id === id);
    if (character === undefined) throw new Error(`IntentCheck for an unknown character: ${id}`);
    const messages = prompts.renderBoundary('intent_check', {
      story: storyHeader(pack),
      period: periodOf(window),
      char: characterSheet(pack, scene, character),
      others: [...new Set(partners(id))].map((other) => otherLine(pack, other)),
    });
    return { character: id, messages };
  });
}

/** The planner's view of a reply: only the ids it names, resolved by id, name or alias. */
export function intentAnswer(pack: StoryPack, asked: AskedIntent): IntentCheckAnswer {
  const ids = (items: readonly { readonly character: string }[]) =>
    items.flatMap((item) => {
      const id = characterId(pack, item.character);
      return id === null ? [] : [{ character: id }];
    });
  return {
    character: asked.character,
    seeking: ids(asked.reply.seeking),
    avoiding: ids(asked.reply.avoiding),
    selfFocused: asked.reply.self_focused === '' ? null : asked.reply.self_focused,
  };
}

/** What anyone can see of another character: never its sheet, goals or knowledge. */
function otherLine(pack: StoryPack, id: string): string {
  const other = pack.characters.find((candidate) => candidate.id === id);
  return other === undefined ? id : `${other.id} — ${other.name}: ${other.description}`;
}
