import { z } from 'zod';
import { inWorldMinutes, knowledgeView, LEARNED_TAG, loreDrafts, type LoreFact } from '../../npc/index.ts';
import type { Json, StepHandler, StepResult } from '../contract.ts';
import { toJson } from '../json.ts';
import { LoreGuard, refusalText } from '../lore-guard.ts';
import { mentionFinder } from '../pack-knowledge.ts';
import { storyHeader } from '../simulation/cast.ts';
import { loreCrafterSchema, MAX_LORE_REQUESTS, type LoreRequest } from '../simulation/outputs.ts';

/** World KG entries the LoreCrafter reads, best first: fewer than the Chronicler's, its answers are short. */
export const LORE_CRAFTER_WORLD_LIMIT = 16;

const requestsSchema = z
  .object({
    detail: z
      .object({
        loreRequests: z
          .array(z.object({ subject: z.string(), question: z.string(), why: z.string().default('') }))
          .default([]),
      })
      .optional(),
  })
  .transform((output) => output.detail?.loreRequests ?? []);

/**
 * The Lore stage (npc-simulation.md, the Chronicler's `lore_requests`; the LoreCrafter feeds the World KG): one call
 * answers this boundary's requests, and what passes the LoreGuard is recorded as lore the story learned. It runs in
 * the boundary's first run, right after the Chronicler, because the next scene's Narrator reads the World KG and must
 * read the same whatever the background is doing; with no requests it makes no call at all.
 */
export const lore: StepHandler = async (context) => {
  const requests = requestsSchema.parse(context.outputs.chronicler ?? {}).slice(0, MAX_LORE_REQUESTS);
  if (requests.length === 0) return { detail: { requests: 0 } } satisfies StepResult;
  const { snapshot, npc, pack } = context;
  const mentions = mentionFinder(pack);
  const now = inWorldMinutes(snapshot.time);
  if (now === null) throw new Error(`the closing scene's time is not an in-world time: "${snapshot.time}"`);
  const world = knowledgeView(npc.knowledge, { kind: 'public' })
    .retrieve({ now, limit: LORE_CRAFTER_WORLD_LIMIT, entities: subjectsOf(mentions, requests) })
    .map(({ entry }) => entry.text);
  const reply = await context.callObject({
    stage: 'lore_crafter',
    principal: 'public',
    messages: context.prompts.renderBoundary('lore_crafter', {
      story: storyHeader(pack),
      world,
      requests: requests.map((request, index) => ({ number: index + 1, ...request })),
    }),
    schema: loreCrafterSchema,
    schemaName: 'lore_crafter',
    maxTokens: 400,
    temperature: 0.6,
  });
  const open = new Set(
    context
      .landscape?.()
      .gates.filter((gate) => gate.open)
      .map((gate) => gate.id) ?? [],
  );
  const guard = new LoreGuard(
    pack,
    open,
    npc.knowledge.world.map((entry) => entry.text),
  );
  const learned: LoreFact[] = [];
  const outcomes: Json[] = [];
  const answered = new Set<number>();
  for (const answer of reply.answers) {
    if (answer.request > requests.length || answered.has(answer.request)) continue;
    answered.add(answer.request);
    if (answer.key === '' || answer.content === '') {
      outcomes.push({ request: answer.request, open: true });
      continue;
    }
    const refusal = guard.refusal(answer);
    if (refusal !== null) {
      outcomes.push({ request: answer.request, key: answer.key, refused: refusalText(refusal) });
      continue;
    }
    outcomes.push({ request: answer.request, key: answer.key, learned: true });
    learned.push({
      key: answer.key,
      content: answer.content,
      entities: mentions(`${answer.key} ${answer.content}`),
      tags: [LEARNED_TAG],
    });
  }
  const provenance = { source: 'lore-crafter', ref: `scene ${snapshot.scene}` } as const;
  return {
    knowledge:
      learned.length === 0
        ? []
        : [{ audience: { kind: 'world' }, drafts: loreDrafts(learned, now, provenance).map(toJson) }],
    detail: toJson({ requests: requests.length, learned: learned.length, answers: outcomes }),
  } satisfies StepResult;
};

/** The people and places the requests name: the World KG entries about them rank first. */
function subjectsOf(mentions: (text: string) => string[], requests: readonly LoreRequest[]): string[] {
  return [...new Set(requests.flatMap((request) => mentions(`${request.subject} ${request.question}`)))];
}
