import { z } from 'zod';
import {
  judgmentForProposition,
  judgedProposition,
  type InterpretiveJudgment,
  type SensitivityMap,
  type StructuralParse,
} from '../../events/index.ts';
import type { LlmMessage } from '../../llm/index.ts';
import { buildView, type StreamEntry } from '../../stream/index.ts';
import { promptSchema } from '../prompt-schema.ts';
import { charactersPresent, displayName } from '../prompt-view.ts';
import type { TurnContext } from '../turn-context.ts';

export const INTERPRET_STAGE = 'deep_interpretation';
const PRINCIPAL = 'classifier';
const HISTORY_LINES = 12;

const judgmentSchema = z.custom<InterpretiveJudgment>(
  (value) =>
    typeof value === 'object' && value !== null && 'id' in value && 'category' in value && 'confidence' in value,
  { error: 'an interpretive judgment' },
);

/**
 * Stage 4 as an after-turn step (issue 24): its prompt is rendered while the persona's input is classified, on the
 * classifier's own view; the call runs with the turn's after-turn work and its answer is saved as it lands; the run's
 * final step reconciles it, once, before the next turn reads the truth set.
 */
export const interpretStepSchema = z.strictObject({
  name: z.literal(INTERPRET_STAGE),
  stage: z.literal(INTERPRET_STAGE),
  principal: z.literal(PRINCIPAL),
  messages: promptSchema,
  /** What the scene listened for and what Stage 3 judged: the only propositions the reply may name. */
  propositions: z.array(z.string()).min(1),
  /** Stage 3's judgments of the turn, which the refined ones replace. */
  provisional: z.array(judgmentSchema),
  /** The interpreted intention's seq (the judgments' evidence). */
  intentionSeq: z.number().int().positive(),
  /** Where the judgments were made (their scene_id). */
  sceneId: z.string(),
});

export type InterpretStep = z.infer<typeof interpretStepSchema>;

/** What the step saves when its call lands: the refined judgments, or why there are none (a failure stops nothing). */
export const interpretationSchema = z.strictObject({
  judgments: z.array(judgmentSchema),
  failure: z.string().nullable(),
});

export type Interpretation = z.infer<typeof interpretationSchema>;

export interface InterpretRequest {
  readonly parse: StructuralParse;
  /** The scene's sensitivity map when the turn was classified (before any refresh the turn caused). */
  readonly map: SensitivityMap;
  readonly provisional: readonly InterpretiveJudgment[];
  readonly intention: StreamEntry;
}

/**
 * Stage 4 (event-system.md, Deep Interpretation), rendered: an LLM will read the turn in context and judge the
 * propositions the scene's subscriptions care about. Null when the scene listens for nothing.
 */
export function interpretStep(context: TurnContext, request: InterpretRequest): InterpretStep | null {
  // What the scene listens for, and what Stage 3 judged (its entry may have left the map when its trigger fired).
  const propositions = [
    ...new Set([
      ...request.map.entries.map((entry) => entry.proposition),
      ...request.provisional.map(judgedProposition),
    ]),
  ];
  if (propositions.length === 0) return null;
  return {
    name: INTERPRET_STAGE,
    stage: INTERPRET_STAGE,
    principal: PRINCIPAL,
    messages: prompt(context, request, propositions),
    propositions,
    provisional: [...request.provisional],
    intentionSeq: request.intention.seq,
    sceneId: context.state.location,
  };
}

/** The reply the step's call must give: judgments of the listed propositions only. */
export function interpretReplySchema(step: InterpretStep) {
  const [first = '', ...rest] = step.propositions;
  return z.strictObject({
    judgments: z
      .array(
        z.strictObject({
          proposition: z.enum([first, ...rest]),
          confidence: z.number().min(0).max(1),
          magnitude: z.number().min(0).max(1),
          description: z.string(),
        }),
      )
      .max(step.propositions.length),
  });
}

/** The reply as refined judgments, each replacing the provisional judgment of its proposition (if any). */
export function refinedJudgments(
  step: InterpretStep,
  turn: number,
  reply: z.infer<ReturnType<typeof interpretReplySchema>>,
  latencyMs: number,
): InterpretiveJudgment[] {
  return reply.judgments.flatMap((judged, index) => {
    const category = judgmentForProposition(judged.proposition, judged.magnitude);
    if (category === null) return [];
    const replaced = step.provisional.find((p) => judgedProposition(p) === judged.proposition);
    return [
      {
        id: `t${turn}-r${index + 1}`,
        turn,
        scene_id: step.sceneId,
        source: { kind: 'ClassifierAgent', model: 'deep_interpreter', latency_ms: latencyMs },
        standing: 'refined',
        replaces: replaced?.id ?? null,
        category,
        confidence: judged.confidence,
        evidence: [`message ${turn}:${step.intentionSeq}`],
        description: `${judged.proposition}: ${judged.description}`,
      } satisfies InterpretiveJudgment,
    ];
  });
}

/**
 * The classifier's prompt. Its history is the classifier's own view (ARCHITECTURE §8.11): what the Narrator saw of
 * the story, less every whispered line — the classifier is party to no whisper but the action it interprets.
 */
function prompt(context: TurnContext, request: InterpretRequest, propositions: readonly string[]): LlmMessage[] {
  const { pack, personaId } = context;
  const cast = charactersPresent(pack, context.state).map((c) => `${c.id} — ${c.name}`);
  const cursor = { turn: request.intention.turn, roundStartSeq: request.intention.seq };
  const history = buildView(context.buffer.stream(), { stage: 'narrator', principal: 'narrator', cursor })
    .filter((entry) => entry.type === 'narration' || entry.type === 'dialog')
    .filter((entry) => !(entry.meta?.kind === 'heard' && entry.meta.whispered === true))
    .slice(-HISTORY_LINES)
    .map((entry) => `${displayName(pack, personaId, entry.owner)}: ${entry.content}`);
  const provisional = request.provisional.map((j) => `- ${j.description} (confidence ${j.confidence})`);
  const system = [
    `You interpret one action in the interactive story "${pack.manifest.title}" for its trigger system.`,
    '"player" is the protagonist. Judge only the propositions listed. For each one the action makes true, give your',
    'confidence (0–1), the size of the shift (magnitude 0–1) and one sentence of why. Leave out propositions the',
    'action does not bear on. A keyword match already judged some of them provisionally: confirm or correct each of',
    'those (confidence 0 rejects it). Reply with JSON only: {"judgments": [{"proposition": "...", "confidence": 0.8,',
    '"magnitude": 0.2, "description": "..."}]}',
  ].join('\n');
  // What a scene keeps from turn to turn first (the propositions it listens for, who is present), so a local model's
  // KV cache serves it; the story's recent lines, which slide every turn, and this action's own parts after.
  const user = [
    `Propositions:\n${propositions.map((p) => `- ${p}`).join('\n')}`,
    `Present: ${cast.join('; ') || 'nobody else'}`,
    `Recent story:\n${history.join('\n') || '(the story begins)'}`,
    `The action (${displayName(pack, personaId, request.intention.owner)}): ${request.intention.content}`,
    `Structure: ${request.parse.summary}`,
    `Provisional judgments:\n${provisional.join('\n') || '(none)'}`,
  ].join('\n\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}
