import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import type { StageKind } from '../../engine/api/index.ts';
import type {
  LlmObjectRequest,
  LlmObjectResult,
  LlmProvider,
  LlmRequest,
  LlmTextResult,
  LlmUsage,
  WarmResult,
} from '../../engine/llm/index.ts';
import { replyShape } from './forced-runs.ts';

/**
 * A benchmark boundary fake, named so: real prompts, scripted content, the model doing the real compute.
 *
 * Every call first takes its scripted reply (so the story proceeds exactly as the fixture's playthrough does), then
 * sends the engine's real prompt through `compute` — the local provider on the benchmark model — on the stage's own
 * sequence, generating as many tokens as the scripted reply holds, but at most the stage's realistic output length:
 * random weights never stop by themselves. The scripted text is streamed in step with the tokens generated, and the
 * call reports the usage the compute measured. JSON stages generate free text of the same length (no grammar), with
 * the reply's opening in the prompt and the runs their grammar would force handed over in one batch (replyShape).
 * Warm-ups (the next Narrator prompt, evaluated while the player reads) go to the compute provider as they are.
 */

/** Realistic output lengths in tokens: narration ≈ 150, a line of dialog ≈ 60, JSON stages their schema's natural size. */
export const STAGE_OUTPUT_CAPS: Readonly<Record<StageKind, number>> = {
  narrator: 150,
  character_dialog: 60,
  npc_intent: 80,
  persona_intent: 80,
  persona_extractor: 60,
  character_extractor: 60,
  lore_extractor: 80,
  structural_parse: 40,
  deep_interpretation: 60,
  character_reflection: 200,
  chronicler: 300,
  lore_crafter: 150,
  intent_check: 80,
  standalone_simulation: 200,
  cohort_moderator: 80,
  // A round's turn is a line or two; the member's account of the period is a standalone simulation's size.
  cohort_member: 150,
  offscreen_inference: 150,
  partial_profile: 150,
  creation: 80,
};

export interface ComputeCall {
  readonly stage: StageKind;
  /** An object call's schema: one stage can serve several (a boundary's stages did, before each had its own). */
  readonly schemaName: string | undefined;
  readonly principal: string | undefined;
  /** performance.now() at the call's start and end. */
  readonly startedAt: number;
  readonly endedAt: number;
  /** Tokens asked of the model: min(the scripted reply's tokens, the stage's cap), or what `outputTokens` says. */
  readonly outputCap: number;
  readonly usage: LlmUsage;
}

/** A warm-up the engine asked for while the player reads (the next Narrator prompt, evaluated ahead). */
export interface ComputeWarm {
  readonly startedAt: number;
  /**
   * The stage whose prompt it warmed: the Narrator's for the next turn; the Chronicler's and the off-screen stages'
   * for a scene's close.
   */
  readonly stage: string;
  readonly result: WarmResult;
}

export interface ComputeReplayProvider extends LlmProvider {
  /** Every call answered so far, in the order they finished. */
  readonly calls: readonly ComputeCall[];
  /** Every warm-up passed on to the compute provider, in the order they finished. */
  readonly warms: readonly ComputeWarm[];
  /** Resolves once no call or warm-up has run for `quietMs` (the engine's own work between calls takes milliseconds). */
  settle(quietMs: number): Promise<void>;
}

export interface ComputeReplayOptions {
  /** Multiplies every stage's output cap (a short check run uses e.g. 0.1). Default 1. */
  readonly outputScale?: number;
  /**
   * Tokens to generate for a call (before `outputScale`) in place of min(the scripted reply's tokens, the stage's cap):
   * for scripts whose replies are minimal stand-ins, so their length says nothing of a real model's output.
   */
  readonly outputTokens?: (request: LlmRequest, schemaName: string | undefined) => number;
  /**
   * Hand the runs a JSON reply's grammar forces to the compute in one batch, as the local provider does (default true);
   * false samples them a token at a time, as a grammar-bound model did before, to weigh what forcing saves.
   */
  readonly forceRuns?: boolean;
}

/** The script replies come from; one that can say what a call would get (ScriptedProvider) lets calls be answered ahead. */
type ReplyScript = LlmProvider & { replyAhead?(request: LlmRequest): string | null };

export function createComputeReplayProvider(
  compute: LlmProvider & { countTokens(text: string): Promise<number> },
  script: ReplyScript,
  options: ComputeReplayOptions = {},
): ComputeReplayProvider {
  const calls: ComputeCall[] = [];
  const warms: ComputeWarm[] = [];
  let running = 0;
  let lastEnd = performance.now();
  const scale = options.outputScale ?? 1;

  /**
   * The compute's side of a call: its prompt with the reply's opening (as the local provider puts it there), the tokens
   * to generate after it, and the runs forced on the way (see replyShape).
   */
  async function computePlan(
    request: LlmRequest & { readonly replyOpening?: string },
    schema: z.ZodType | undefined,
    schemaName: string | undefined,
    reply: string,
  ) {
    const shape = replyShape(reply, schema, request.replyOpening);
    const openingTokens = shape.openedText === '' ? 0 : await compute.countTokens(shape.opening);
    const counts = await Promise.all(
      shape.segments.map(async ({ sampled, forced }) => ({
        sampled: await compute.countTokens(sampled),
        forced: forced === '' ? 0 : await compute.countTokens(forced),
      })),
    );
    // Each forced run, keyed by the sampled tokens before it. Where the bench sets the length, the script is a
    // stand-in: the runs its replies would force say nothing.
    const runs = new Map<number, string>();
    if (options.outputTokens === undefined && options.forceRuns !== false) {
      let sampledSoFar = 0;
      for (const [index, count] of counts.entries()) {
        sampledSoFar += count.sampled;
        const forced = shape.segments[index]?.forced ?? '';
        if (forced !== '') runs.set(sampledSoFar, forced);
      }
    }
    const replyTokens = counts.reduce((sum, count) => sum + count.sampled + count.forced, openingTokens);
    // At least one token: with none the provider would not even evaluate the prompt.
    const whole =
      options.outputTokens === undefined
        ? Math.min(Math.max(1, Math.round(STAGE_OUTPUT_CAPS[request.stage] * scale)), replyTokens)
        : Math.round(options.outputTokens(request, schemaName) * scale);
    const messages = shape.openedText === '' ? request.messages : [...request.messages, assistant(shape.opening)];
    return {
      openedText: shape.openedText,
      messages,
      maxTokens: Math.max(1, whole - openingTokens),
      ...(runs.size === 0 ? {} : { forcedText: (sampled: number) => runs.get(sampled) ?? '' }),
    };
  }

  async function replay<R extends LlmTextResult>(
    request: LlmRequest & { readonly replyOpening?: string },
    schema: z.ZodType | undefined,
    schemaName: string | undefined,
    scripted: (quiet: LlmRequest) => Promise<R>,
  ): Promise<R> {
    const startedAt = performance.now();
    running++;
    try {
      const { onTextDelta, replyOpening: _opening, ...quiet } = request;
      const reply = await scripted(quiet);
      // An opening the scripted reply starts with goes into the prompt, as the local provider puts it there: it is
      // shown at once, and the model generates only the rest, the runs the grammar forces handed over in one batch.
      const { openedText, ...plan } = await computePlan(request, schema, schemaName, reply.text);
      if (openedText !== '') onTextDelta?.(openedText);
      const stream = inStep(reply.text.slice(openedText.length), plan.maxTokens, onTextDelta);
      const computed = await compute.generateText({ ...quiet, ...plan, onTextDelta: stream.tick });
      stream.finish();
      calls.push({
        stage: request.stage,
        schemaName,
        principal: request.principal,
        startedAt,
        endedAt: performance.now(),
        outputCap: plan.maxTokens,
        usage: computed.usage,
      });
      return { ...reply, usage: computed.usage, model: compute.model };
    } finally {
      running--;
      lastEnd = performance.now();
    }
  }

  /** A warm-up or an answer ahead passed on to the compute provider, recorded; nothing done when it has none. */
  async function inIdleTime(
    stage: string,
    work: () => Promise<WarmResult | undefined> | undefined,
  ): Promise<WarmResult> {
    const startedAt = performance.now();
    running++;
    try {
      const result = (await work()) ?? { promptTokens: 0, evaluatedTokens: 0, totalMs: 0, aborted: false };
      warms.push({ startedAt, stage, result });
      return result;
    } finally {
      running--;
      lastEnd = performance.now();
    }
  }

  return {
    kind: 'local',
    model: `compute replay on ${compute.model}`,
    calls,
    generateText: (request) => replay(request, undefined, undefined, (quiet) => script.generateText(quiet)),
    generateObject: <T>(request: LlmObjectRequest<T>): Promise<LlmObjectResult<T>> =>
      replay(request, request.schema, request.schemaName, (quiet) =>
        script.generateObject({ ...quiet, schema: request.schema, schemaName: request.schemaName }),
      ),
    warms,
    warm: (request) => inIdleTime(request.stage, () => compute.warm?.(request)),
    // The answer the call would get, asked as the call will ask it (free text, as every call here): the call then finds
    // it in the compute provider's answers, taking the scripted reply as any call does.
    answerAhead: (request) =>
      inIdleTime(request.stage, async () => {
        const reply = script.replyAhead?.(request) ?? null;
        if (reply === null) return undefined;
        const { schema, schemaName, ...text } = request;
        const { openedText: _shown, ...plan } = await computePlan(request, schema, schemaName, reply);
        return compute.answerAhead?.({ ...text, ...plan });
      }),
    countTokens: (text) => compute.countTokens(text),
    async settle(quietMs) {
      while (running > 0 || performance.now() - lastEnd < quietMs) await sleep(25);
    },
    async dispose() {
      // The benchmark owns the compute provider and disposes it after reading the calls.
    },
  };
}

function assistant(content: string) {
  return { role: 'assistant' as const, content };
}

/** Hands out `text` in step with the model's output: after k of n generated pieces, k/n of the text has gone out. */
function inStep(text: string, pieces: number, onTextDelta: ((delta: string) => void) | undefined) {
  let sent = 0;
  let seen = 0;
  const sendUpTo = (end: number): void => {
    if (end <= sent) return;
    onTextDelta?.(text.slice(sent, end));
    sent = end;
  };
  return {
    tick: (): void => {
      seen++;
      sendUpTo(Math.floor((text.length * Math.min(seen, pieces)) / pieces));
    },
    finish: (): void => sendUpTo(text.length),
  };
}
