import {
  createScriptedProvider,
  type LlmObjectRequest,
  type LlmObjectResult,
  type LlmProvider,
  type LlmRequest,
  type LlmTextResult,
} from '../../engine/llm/index.ts';

/** How the scripted characters answer an IntentCheck: keep to themselves, or seek every character they are asked about. */
export type IntentAnswers = 'self_focused' | 'seek_each_other';

/** Replies a test gives instead of the smallest ones, by schema name. */
export type BoundaryOverrides = { readonly [schemaName: string]: unknown };

/** Lore the Lore stage learns when the Chronicler asks (see ASKING_FOR_LORE). */
export const RIDERS_LORE = {
  key: 'The coast-road riders',
  content: 'A dozen owlers ride the coast road on dark nights, led by a drover the town calls Long Tom Varley.',
};
/** What Lantern Quay's pells_fate gate guards, in other words: the Lore stage must refuse to make it public. */
export const PELLS_END_LORE = {
  key: 'What became of Pell',
  content: "His body came ashore in Brennoc's Cove, the back of his skull broken.",
};

/** A Chronicler asking two lore requests, and a LoreCrafter answering both, the second with a gated fact. */
export const ASKING_FOR_LORE: BoundaryOverrides = {
  chronicler: {
    story_state: {},
    writer_guidance: { manifesting_now: ['Hoofbeats on the coast road.'] },
    lore_requests: [
      { subject: 'The riders on the coast road', question: 'Who leads them?', why: 'they ride tonight' },
      { subject: 'Riding Officer Pell', question: 'What became of him?', why: 'the stranger keeps asking' },
    ],
  },
  lore_crafter: {
    answers: [
      { request: 1, ...RIDERS_LORE },
      { request: 2, ...PELLS_END_LORE },
    ],
  },
};

/** The smallest valid reply for each scene-boundary stage, chosen by the call's schema name. */
export function boundaryReply(
  request: LlmObjectRequest<unknown>,
  intents: IntentAnswers = 'self_focused',
  overrides: BoundaryOverrides = {},
): unknown {
  if (Object.hasOwn(overrides, request.schemaName)) return overrides[request.schemaName];
  const scene = { when: 'that evening', where: '', narrative: `${request.principal ?? 'someone'} keeps to routine.` };
  switch (request.schemaName) {
    case 'character_reflection':
      return { memories: [{ text: `${request.principal ?? 'I'} remembers the stranger by the fire.`, salience: 4 }] };
    case 'chronicler':
      return { story_state: {}, writer_guidance: { manifesting_now: ['The tide is turning.'] } };
    // No lore requests reach it unless a test's Chronicler asks; then every request is left open.
    case 'lore_crafter':
      return { answers: [] };
    case 'intent_check':
      return intents === 'self_focused' ? {} : { seeking: askedAbout(request).map((character) => ({ character })) };
    case 'standalone_simulation':
      return { scenes: [scene], memories: [{ text: 'An ordinary evening.', salience: 3 }] };
    // A cohort's smallest encounter: each member does something in round 1, the moderator closes it, each gives its
    // own account.
    case 'cohort_member_turn':
      return { does: `${request.principal ?? 'someone'} crosses the room.` };
    case 'cohort_moderator':
      return { done: true };
    case 'cohort_member_account':
      return { scenes: [scene], memories: [{ text: 'We met, and said little.', salience: 3 }] };
    case 'offscreen_inference':
      return { scenes: [scene], current_situation: {} };
    case 'partial_profile': {
      const line = `${request.principal ?? 'someone'} keeps to the edge of things.`;
      const behavior = { default: line, stressed: line, tell: line };
      const voice = { style: line, distinctive: line, examples: [line] };
      return {
        identity: line,
        appearance: line,
        personality: line,
        behavior,
        voice,
        knowledge: { knows: [], doesNotKnow: [], wouldNotice: [] },
      };
    }
    default:
      throw new Error(`no boundary reply for schema ${request.schemaName} (stage ${request.stage})`);
  }
}

/**
 * The scripted provider answering every boundary call with `boundaryReply` (or the test's `overrides`), each after `latencyMs`: one scripted
 * entry per call, so calls running side by side each wait their own latency, as parallel sequences of a model do.
 */
export function boundaryReplies(
  latencyMs = 0,
  intents: IntentAnswers = 'self_focused',
  overrides: BoundaryOverrides = {},
): LlmProvider & { readonly calls: number } {
  let calls = 0;
  const once = (request: LlmRequest, reply: unknown) =>
    createScriptedProvider({ entries: [{ stage: request.stage, reply: toReply(reply), delayMs: latencyMs }] });
  return {
    kind: 'scripted',
    model: 'scripted:boundary',
    get calls() {
      return calls;
    },
    async generateText(request): Promise<LlmTextResult> {
      throw new Error(`boundary stages ask for objects, not text (${request.stage})`);
    },
    async generateObject<T>(request: LlmObjectRequest<T>): Promise<LlmObjectResult<T>> {
      calls += 1;
      return (await once(request, boundaryReply(request, intents, overrides))).generateObject(request);
    },
    async dispose() {
      // Each call's scripted provider holds nothing.
    },
  };
}

/** The ids an IntentCheck prompt asks about: its `- id — name: …` lines after "The others in question:". */
function askedAbout(request: LlmObjectRequest<unknown>): string[] {
  const prompt = request.messages.map((message) => message.content).join('\n');
  const others = prompt.slice(prompt.indexOf('The others in question:'));
  return [...others.matchAll(/^- ([a-z0-9-]+) — /gmu)].flatMap((match) => (match[1] === undefined ? [] : [match[1]]));
}

function toReply(reply: unknown): string | Record<string, unknown> {
  if (typeof reply === 'object' && reply !== null && !Array.isArray(reply))
    return Object.fromEntries(Object.entries(reply));
  return JSON.stringify(reply);
}

const BOUNDARY_STAGES: ReadonlySet<string> = new Set([
  'character_reflection',
  'chronicler',
  'lore_crafter',
  'intent_check',
  'standalone_simulation',
  'cohort_moderator',
  'cohort_member',
  'offscreen_inference',
  'partial_profile',
]);

export function isBoundaryStage(stage: string): boolean {
  return BOUNDARY_STAGES.has(stage);
}

/** Turn stages to `turns`, scene-boundary stages to `boundary`: one provider for a whole engine. */
export function splitByStage(turns: LlmProvider, boundary: LlmProvider): LlmProvider {
  const pick = (request: LlmRequest) => (isBoundaryStage(request.stage) ? boundary : turns);
  return {
    kind: turns.kind,
    model: turns.model,
    generateText: (request) => pick(request).generateText(request),
    generateObject: (request) => pick(request).generateObject(request),
    dispose: async () => {
      await Promise.all([turns.dispose(), boundary.dispose()]);
    },
  };
}
