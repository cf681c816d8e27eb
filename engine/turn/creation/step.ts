import { z } from 'zod';
import { slugify, uniqueId, type StoryPack } from '../../pack/index.ts';
import { NARRATOR_OWNER, SYSTEM_OWNER } from '../../stream/index.ts';
import { anyCreationRequestSchema, type CreationRequest } from '../outputs.ts';
import { promptSchema } from '../prompt-schema.ts';
import type { TurnContext } from '../turn-context.ts';

/**
 * A creation request as an after-turn step (off the player's path, beside the turn's extractors): the id the new
 * person, place or thing gets, the request, and the scene it belongs to. Only a person has a prompt: the creation stage
 * writes what anyone can see of them and their voice, apart from the concept that stays theirs. A place or a thing
 * needs no call: the Narrator's one line is its description (see creationOutput).
 */
export const creationStepSchema = z.strictObject({
  name: z.string().min(1),
  stage: z.literal('creation'),
  /** The id the creation gets: unique among the pack's and the save's ids. */
  principal: z.string().min(1),
  request: anyCreationRequestSchema,
  scene: z.number().int().positive(),
  messages: promptSchema,
});
export type CreationStep = z.infer<typeof creationStepSchema>;

/** The creation stage's answer for a person: short, so it costs little even on a small local model. */
export const createdCharacterSchema = z.strictObject({
  description: z.string().trim().min(1).max(400),
  personality: z.string().trim().min(1).max(300),
  voice: z.string().trim().min(1).max(200),
  line: z.string().trim().min(1).max(200),
});
export type CreatedCharacterOutput = z.infer<typeof createdCharacterSchema>;

export const CREATION_CALL = { schemaName: 'created_character', maxTokens: 300, temperature: 0.6 } as const;

/** Owners the stream reserves: a creation never takes one as its id. */
const RESERVED_IDS = [NARRATOR_OWNER, SYSTEM_OWNER, 'world', 'player'];

/** Every id the pack as played (its own and the story's creations) already uses, of any kind. */
export function takenIds(pack: StoryPack): Set<string> {
  return new Set([
    ...RESERVED_IDS,
    ...pack.personas.map((persona) => persona.id),
    ...pack.characters.map((character) => character.id),
    ...pack.locations.map((location) => location.id),
    ...(pack.world?.objects ?? []).map((object) => object.id),
  ]);
}

/** A new id from the requested name that collides with no id taken (the name's slug, else `-2`, `-3` …). */
export function creationId(name: string, kind: CreationRequest['kind'], taken: ReadonlySet<string>): string {
  return uniqueId(slugify(name, kind), (id) => taken.has(id));
}

/** The names already in the story of one kind, lower-cased: a request for one of them adds nothing. */
function namesOf(pack: StoryPack, kind: CreationRequest['kind']): Set<string> {
  const named =
    kind === 'character'
      ? pack.characters.flatMap((character) => [character.name, ...character.aliases])
      : kind === 'location'
        ? pack.locations.map((location) => location.name)
        : (pack.world?.objects ?? []).flatMap((object) => [object.name, ...object.aliases]);
  return new Set(named.map((name) => name.trim().toLowerCase()));
}

/**
 * The turn's creation requests as after-turn steps, each with its new id. A request for someone or something the
 * story already has by that name is dropped (the Narrator asked for what exists), as is a second one for the same name.
 */
export function creationSteps(context: TurnContext, requests: readonly CreationRequest[]): CreationStep[] {
  const taken = takenIds(context.pack);
  const asked = new Set<string>();
  const steps: CreationStep[] = [];
  for (const request of requests) {
    const name = request.name.trim().toLowerCase();
    if (namesOf(context.pack, request.kind).has(name) || asked.has(`${request.kind}\n${name}`)) continue;
    asked.add(`${request.kind}\n${name}`);
    const id = creationId(request.name, request.kind, taken);
    taken.add(id);
    const messages = request.kind === 'character' ? creationPrompt(context, request) : [];
    steps.push({
      name: `creation.${id}`,
      stage: 'creation',
      principal: id,
      request,
      scene: context.state.scene,
      messages,
    });
  }
  return steps;
}

function creationPrompt(context: TurnContext, request: CreationRequest) {
  const place = context.pack.locations.find((location) => location.id === request.where);
  return context.prompts.renderBoundary('creation', {
    story: { title: context.pack.manifest.title, description: context.pack.manifest.description },
    char: { name: request.name, concept: request.concept },
    place: { name: place?.name ?? request.where, description: place?.description ?? '' },
    why: request.why,
  });
}
