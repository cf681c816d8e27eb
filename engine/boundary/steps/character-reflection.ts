import type { BoundaryStepContext, Json, StepHandler, StepResult } from '../contract.ts';
import { knownIds } from '../simulation/cast.ts';
import { readClosedScene, type ClosedScene } from './closed-scene.ts';
import { reflectionSchema, type Reflection } from './reflection-output.ts';
import { reflectionViews, type ReflectionView } from './reflection-view.ts';
import { dimensionOf, personOf } from '../simulation/standing-shifts.ts';
import type { StandingShift } from '../../npc/index.ts';
import type { StoryPack } from '../../pack/index.ts';

/** Memories are tagged so a panel (and a later stage) can tell a character's account of a scene from hearsay. */
export const REFLECTION_TAG = 'reflection';

/**
 * CharacterReflection (npc-simulation.md): each character present in the closing scene who keeps a knowledge graph,
 * and the persona, writes its own account of the scene into its own graph, and nowhere else. The reflections run in
 * parallel; each prompt is built from that one's view alone.
 */
export const characterReflection: StepHandler = async (context) => {
  const scene = readClosedScene(context);
  const views = reflectionViews(context.pack, scene, context.personaId);
  const reflections = await Promise.all(views.map((view) => reflect(context, view)));
  const known = new Set([context.personaId, ...knownIds(context.pack)]);
  const knowledge = reflections.map(({ character, reflection }) => ({
    audience: character.principal,
    drafts: reflection.memories.map((memory) => memoryDraft(scene, known, memory)),
  }));
  const standings = reflections.flatMap(({ character, reflection }) =>
    reflectionShifts(context.pack, context.personaId, scene, character.id, reflection),
  );
  const detail = {
    reflected: reflections.map(({ character, reflection }) => ({
      character: character.id,
      memories: reflection.memories.length,
    })),
  };
  return { knowledge, standings: standings.map((shift) => ({ ...shift })), detail } satisfies StepResult;
};

/** A reflection's standing changes as moves of its own side, towards someone who was in the scene. */
function reflectionShifts(
  pack: StoryPack,
  personaId: string,
  scene: ClosedScene,
  from: string,
  reflection: Reflection,
): StandingShift[] {
  return reflection.standing.flatMap((change): StandingShift[] => {
    const to = personOf(pack, personaId, change.character);
    const dimension = dimensionOf(change.dimension);
    if (to === null || to === from || !scene.present.includes(to) || dimension === '') return [];
    return [{ from, to, dimension, by: change.shift, why: change.why }];
  });
}

async function reflect(
  context: BoundaryStepContext,
  { character, variables }: ReflectionView,
): Promise<{ character: ReflectionView['character']; reflection: Reflection }> {
  const reflection = await context.callObject({
    stage: 'character_reflection',
    principal: character.id,
    messages: context.prompts.renderBoundary('character_reflection', variables),
    schema: reflectionSchema,
    schemaName: 'character_reflection',
    maxTokens: 700,
    temperature: 0.4,
  });
  return { character, reflection };
}

/** A memory as a KnowledgeDraft (plain JSON), dated and placed at the scene's close. */
function memoryDraft(scene: ClosedScene, known: ReadonlySet<string>, memory: Reflection['memories'][number]): Json {
  return {
    kind: 'memory',
    text: memory.text,
    time: scene.time,
    place: scene.location,
    // The model may name what is not in the story; only ids of the pack's people and places are kept.
    entities: memory.entities.map((entity) => entity.trim().toLowerCase()).filter((entity) => known.has(entity)),
    salience: memory.salience,
    tags: [...memory.tags, REFLECTION_TAG],
    provenance: { source: 'character-reflection', ref: `turn ${scene.turn}` },
  };
}
