import {
  chroniclerSimulationEvents,
  describeDuration,
  inWorldMinutes,
  knowledgeView,
  restoreChronicleState,
  type ChronicleState,
  type InWorldMinute,
  type CycleWorldEvent,
  inWorldText,
  worldEventDrafts,
} from '../../npc/index.ts';
import type { LlmMessage } from '../../llm/index.ts';
import type { StoryPack } from '../../pack/index.ts';
import type { PromptBook } from '../../prompts/index.ts';
import type { BoundaryStepContext, StepResult } from '../contract.ts';
import type { BoundaryInput } from '../snapshot.ts';
import { toJson } from '../json.ts';
import { weatherOf } from '../world-weather.ts';
import { readOffscreenScene, type OffscreenScene } from './offscreen-scene.ts';
import { chroniclerSchema, MAX_LORE_REQUESTS } from './outputs.ts';
import { knownIds, knownPlace, placeName, storyHeader } from './cast.ts';

/** World KG entries the Chronicler reads, best first. */
export const CHRONICLER_WORLD_LIMIT = 24;

/**
 * The Chronicler (npc-simulation.md): a public principal. It reads the World KG only, the public lines of the scene
 * that just ended, its own previous story_state, and the PREVIOUS cycle's simulation events (it runs beside this
 * cycle's simulation, so it can only see the last one's: off by one). It advances world momentum by the in-world time
 * since its last run and emits world events.
 */
export async function chronicle(context: BoundaryStepContext): Promise<StepResult> {
  const scene = readOffscreenScene(context);
  const standing = chroniclerStanding(context.pack, scene, scene.cycle, scene.now);
  const { since, events } = standing;
  const until = Math.max(since, scene.next);
  const reply = await context.callObject({
    stage: 'chronicler',
    principal: 'public',
    messages: context.prompts.renderBoundary('chronicler', {
      ...standing.variables,
      time: { previous: inWorldText(since), now: inWorldText(until), elapsed: describeDuration(until - since) },
      scene: sceneLines(context.pack, scene),
      weather: weatherOf(context.snapshot.playState) ?? '',
    }),
    schema: chroniclerSchema,
    schemaName: 'chronicler',
    maxTokens: 2000,
    temperature: 0.5,
  });
  const known = knownIds(context.pack);
  const emitted: CycleWorldEvent[] = reply.world_events.map((event) => ({
    when: scene.now,
    where: knownPlace(context.pack, event.where),
    event: event.event,
    entities: event.entities.map((id) => id.trim().toLowerCase()).filter((id) => known.has(id)),
  }));
  const next: ChronicleState = {
    version: 1,
    cycle: scene.cycle,
    at: until,
    story_state: reply.story_state,
    writer_guidance: reply.writer_guidance,
    took_in: events.map((event) => event.event),
  };
  return {
    knowledge:
      emitted.length === 0
        ? []
        : [
            {
              audience: { kind: 'world' },
              drafts: worldEventDrafts(emitted, { source: 'chronicler', ref: `cycle ${scene.cycle}` }).map(toJson),
            },
          ],
    npc: { chronicle: toJson(next) },
    ...(reply.weather.trim() === '' ? {} : { play: { weather: reply.weather.trim() } }),
    detail: toJson({
      cycle: scene.cycle,
      tookIn: events.length,
      since: inWorldText(since),
      emitted: emitted.length,
      // The Lore step answers these beside the rest of the first run (see steps/lore.ts).
      loreRequests: reply.lore_requests.slice(0, MAX_LORE_REQUESTS),
    }),
  };
}

/**
 * The Chronicler's prompt as it stands before a scene closes, from the boundary's input as a close now would read it:
 * its instructions, the world's forces, what the world knows, its last story state and the last cycle's events, the
 * scene so far, then the time since its last run, left open. Everything up to the scene's last line is what the call
 * at the scene's close begins with (its template puts the time and the weather after the scene), so putting this
 * through the model while the player reads leaves that call the closing turn's lines and the time.
 */
export function chroniclerWarmUp(prompts: PromptBook, pack: StoryPack, input: BoundaryInput): LlmMessage[] {
  const scene = readOffscreenScene(input);
  const standing = chroniclerStanding(pack, scene, scene.cycle, scene.now);
  return prompts.renderBoundary('chronicler', {
    ...standing.variables,
    time: { previous: inWorldText(standing.since), now: '', elapsed: '' },
    scene: sceneLines(pack, scene),
    weather: '',
  });
}

/**
 * What the Chronicler reads that the closing scene does not change: its last run (the time momentum moves from), the
 * previous cycle's events (off by one: cycle `cycle` is the scene closing), and the World KG as of `now`.
 */
function chroniclerStanding(
  pack: StoryPack,
  { npc, simulation }: Pick<OffscreenScene, 'npc' | 'simulation'>,
  cycle: number,
  now: InWorldMinute,
) {
  const previous = restoreChronicleState(npc.chronicle);
  // Momentum moves from the Chronicler's last run (or the story's opening) to the moment the next scene opens.
  const since = previous?.at ?? inWorldMinutes(pack.manifest.start.time) ?? now;
  const events = chroniclerSimulationEvents(
    cycle,
    simulation.cycles.map(({ cycle: ran, events: emitted }) => ({ cycle: ran, events: emitted })),
  );
  const world = knowledgeView(npc.knowledge, { kind: 'public' })
    .retrieve({ now, limit: CHRONICLER_WORLD_LIMIT })
    .map(({ entry }) => entry.text);
  return {
    since,
    events,
    variables: {
      story: storyHeader(pack),
      previous: previous === null ? '' : JSON.stringify(previous.story_state),
      momentum: momentumLines(pack),
      simulation_events: events.map((event) => eventLine(pack, event)),
      world,
    },
  };
}

function momentumLines(pack: StoryPack): readonly string[] {
  return pack.manifest.worldMomentum.map(
    (force) =>
      `${force.name} (${force.pace}): ${force.direction}${force.status === undefined ? '' : ` Now: ${force.status}`}`,
  );
}

function eventLine(pack: StoryPack, event: CycleWorldEvent): string {
  return `${inWorldText(event.when)}${event.where === null ? '' : `, ${placeName(pack, event.where)}`}: ${event.event}`;
}

/** The scene's public lines as the Chronicler reads them: `Name: words`, narration bare. */
function sceneLines(pack: StoryPack, scene: Pick<OffscreenScene, 'publicLines'>): string[] {
  return scene.publicLines.map((line) => `${speaker(pack, line.owner)}${line.content}`);
}

function speaker(pack: StoryPack, owner: string): string {
  const person = [...pack.characters, ...pack.personas].find((candidate) => candidate.id === owner);
  return person === undefined ? '' : `${person.name}: `;
}
