import { INFERENCE_SALIENCE_CAP, type CharacterEvent, type LikelyAppearance, inWorldText } from '../../npc/index.ts';
import type { BoundaryStepContext } from '../contract.ts';
import type { OffscreenScene } from './offscreen-scene.ts';
import { offscreenInferenceSchema, type InferenceReply } from './outputs.ts';
import { castLine, characterName, placesLine, storyHeader } from './cast.ts';
import { characterSheet, inferenceWindow, periodOf } from './sheets.ts';

export type Inferred = {
  readonly character: string;
  readonly reply: InferenceReply;
  /** The events-log entries it consumed (deleted after consumption: no accumulation). */
  readonly consumed: readonly CharacterEvent[];
};

/**
 * OffscreenInference for each significant character likely to appear in the next scene: its recent hours in one or
 * two brief scenes, from its own view and the events others logged about it, up to the next scene's time.
 */
export async function inferSignificant(
  context: BoundaryStepContext,
  scene: OffscreenScene,
  likely: readonly LikelyAppearance[],
  events: readonly CharacterEvent[],
): Promise<readonly Inferred[]> {
  return Promise.all(
    likely.map(async ({ character: id }) => {
      const character = context.pack.characters.find((candidate) => candidate.id === id);
      if (character === undefined) throw new Error(`OffscreenInference for an unknown character: ${id}`);
      const consumed = events.filter((event) => event.about === id);
      const since = scene.simulation.situations[id]?.at ?? scene.now;
      const reply = await context.callObject({
        stage: 'offscreen_inference',
        principal: id,
        messages: context.prompts.renderBoundary('offscreen_inference', {
          story: storyHeader(context.pack),
          period: periodOf(inferenceWindow(since, scene.next)),
          cast: castLine(context.pack),
          places: placesLine(context.pack),
          char: characterSheet(context.pack, scene, character),
          // Who did what, never their private read of it (`my_read` stays with the one who wrote it).
          events: consumed.map(
            (event) => `${inWorldText(event.time)}, ${characterName(context.pack, event.by)}: ${event.event}`,
          ),
          max_salience: INFERENCE_SALIENCE_CAP,
        }),
        schema: offscreenInferenceSchema,
        schemaName: 'offscreen_inference',
        maxTokens: 900,
        temperature: 0.6,
      });
      return { character: id, reply, consumed };
    }),
  );
}
