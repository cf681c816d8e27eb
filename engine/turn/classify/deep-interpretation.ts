import { z } from 'zod';
import {
  judgmentForProposition,
  judgedProposition,
  type InterpretiveJudgment,
  type SensitivityMap,
  type StructuralParse,
} from '../../events/index.ts';
import type { LlmMessage } from '../../llm/index.ts';
import type { NewStageCall } from '../../store/index.ts';
import type { StreamEntry } from '../../stream/index.ts';
import { callStageObject } from '../call-stage.ts';
import { charactersPresent, displayName } from '../prompt-view.ts';
import type { TurnContext } from '../turn-context.ts';

/** Stage 4's answer, whenever it lands; its stage call is committed with the turn that takes it in. */
export interface Interpretation {
  readonly turn: number;
  readonly judgments: readonly InterpretiveJudgment[];
  readonly stageLog: readonly NewStageCall[];
  readonly failure: string | null;
}

/** A Stage 4 call in flight: `settled` is filled in when it lands (the turn never awaits it). */
export interface PendingInterpretation {
  readonly turn: number;
  /** Stage 3's judgments of that turn, which the refined ones replace. */
  readonly provisional: readonly InterpretiveJudgment[];
  settled: Interpretation | null;
  readonly landed: Promise<void>;
}

const STAGE = 'deep_interpretation';
const PRINCIPAL = 'classifier';
const HISTORY_LINES = 12;

export interface InterpretRequest {
  readonly parse: StructuralParse;
  /** The scene's sensitivity map when the turn was classified (before any refresh the turn caused). */
  readonly map: SensitivityMap;
  readonly provisional: readonly InterpretiveJudgment[];
  readonly intention: StreamEntry;
}

/**
 * Stage 4 (event-system.md, Deep Interpretation): an LLM reads the turn in context and judges the propositions the
 * scene's subscriptions care about. It starts with the turn and is never awaited by it; a failure leaves the
 * provisional judgments standing and the turn untouched.
 */
export function startDeepInterpretation(context: TurnContext, request: InterpretRequest): PendingInterpretation | null {
  // What the scene listens for, and what Stage 3 judged (its entry may have left the map when its trigger fired).
  const propositions = [
    ...new Set([
      ...request.map.entries.map((entry) => entry.proposition),
      ...request.provisional.map(judgedProposition),
    ]),
  ];
  const [first, ...rest] = propositions;
  if (first === undefined) return null;
  const schema = z.strictObject({
    judgments: z
      .array(
        z.strictObject({
          proposition: z.enum([first, ...rest]),
          confidence: z.number().min(0).max(1),
          magnitude: z.number().min(0).max(1),
          description: z.string(),
        }),
      )
      .max(propositions.length),
  });
  const stageLog: NewStageCall[] = [];
  const sibling: TurnContext = { ...context, stageLog };
  const turn = context.buffer.turn;
  const started = context.clock.monotonic();
  const pending: PendingInterpretation = {
    turn,
    provisional: request.provisional,
    settled: null,
    landed: callStageObject(sibling, {
      stage: STAGE,
      principal: PRINCIPAL,
      messages: prompt(context, request, propositions),
      schema,
      schemaName: 'interpretation',
      maxTokens: 600,
      temperature: 0,
    }).then(
      (result) => {
        const latency = Math.round(context.clock.monotonic() - started);
        const judgments = result.value.judgments.flatMap((judged, index) => {
          const category = judgmentForProposition(judged.proposition, judged.magnitude);
          if (category === null) return [];
          const replaced = request.provisional.find((p) => judgedProposition(p) === judged.proposition);
          return [
            {
              id: `t${turn}-r${index + 1}`,
              turn,
              scene_id: context.state.location,
              source: { kind: 'ClassifierAgent', model: 'deep_interpreter', latency_ms: latency },
              standing: 'refined',
              replaces: replaced?.id ?? null,
              category,
              confidence: judged.confidence,
              evidence: [`message ${turn}:${request.intention.seq}`],
              description: `${judged.proposition}: ${judged.description}`,
            } satisfies InterpretiveJudgment,
          ];
        });
        pending.settled = { turn, judgments, stageLog, failure: null };
      },
      (error: unknown) => {
        pending.settled = {
          turn,
          judgments: [],
          stageLog,
          failure: error instanceof Error ? error.message : String(error),
        };
      },
    ),
  };
  return pending;
}

function prompt(context: TurnContext, request: InterpretRequest, propositions: readonly string[]): LlmMessage[] {
  const { pack, personaId } = context;
  const cast = charactersPresent(pack, context.state).map((c) => `${c.id} — ${c.name}`);
  const history = context.buffer
    .stream()
    .filter((entry) => (entry.type === 'narration' || entry.type === 'dialog') && entry.meta?.kind !== 'whisper')
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
  const user = [
    `Present: ${cast.join('; ') || 'nobody else'}`,
    `Recent story:\n${history.join('\n') || '(the story begins)'}`,
    `The action (${displayName(pack, personaId, request.intention.owner)}): ${request.intention.content}`,
    `Structure: ${request.parse.summary}`,
    `Provisional judgments:\n${provisional.join('\n') || '(none)'}`,
    `Propositions:\n${propositions.map((p) => `- ${p}`).join('\n')}`,
  ].join('\n\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}
