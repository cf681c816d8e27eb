import {
  intentChecksNeeded,
  scoreAllPairs,
  type CohortCandidate,
  type IntentCheckAnswer,
  type SimulationWindow,
} from '../../npc/index.ts';
import type { StoryPack } from '../../pack/index.ts';
import type { BoundaryStepContext } from '../contract.ts';
import { characterId, storyHeader } from './cast.ts';
import type { OffscreenScene } from './offscreen-scene.ts';
import { intentCheckSchema, type IntentCheckReply } from './outputs.ts';
import { characterSheet, periodOf } from './sheets.ts';

export type AskedIntent = { readonly character: string; readonly reply: IntentCheckReply };

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
  const request = intentChecksNeeded(scoreAllPairs(candidates));
  const partners = (id: string) =>
    request.pairs.flatMap(({ pair }) => (pair.a === id ? [pair.b] : pair.b === id ? [pair.a] : []));
  return Promise.all(
    request.characters.map(async (id) => {
      const character = context.pack.characters.find((candidate) => candidate.id === id);
      if (character === undefined) throw new Error(`IntentCheck for an unknown character: ${id}`);
      const reply = await context.callObject({
        stage: 'intent_check',
        principal: id,
        messages: context.prompts.renderBoundary('intent_check', {
          story: storyHeader(context.pack),
          period: periodOf(window),
          char: characterSheet(context.pack, scene, character),
          others: [...new Set(partners(id))].map((other) => otherLine(context.pack, other)),
        }),
        schema: intentCheckSchema,
        schemaName: 'intent_check',
        maxTokens: 500,
        temperature: 0.4,
      });
      return { character: id, reply };
    }),
  );
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
