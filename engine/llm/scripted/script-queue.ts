import type { StageKind } from '../../api/index.ts';
import { LlmError, type LlmRequest } from '../types.ts';
import type { LocatedEntry } from './fixture-schema.ts';

/** The script's entries split per stage kind, each consumed in order. */
export interface ScriptQueue {
  /** The next entry for the request's stage, if the request matches it; otherwise a script_mismatch / script_exhausted error. */
  take(request: LlmRequest): LocatedEntry;
  /**
   * The first entry still unused for the request's stage that it matches, left in place: the reply a call like it
   * would get if it came (a benchmark sizes work done ahead of a call with it).
   */
  peek(request: LlmRequest): LocatedEntry | undefined;
  /** Entries never consumed, per stage. */
  unused(): ReadonlyMap<StageKind, readonly LocatedEntry[]>;
}

export function createScriptQueue(entries: readonly LocatedEntry[]): ScriptQueue {
  const byStage = new Map<StageKind, LocatedEntry[]>();
  for (const located of entries) {
    const list = byStage.get(located.entry.stage) ?? [];
    list.push(located);
    byStage.set(located.entry.stage, list);
  }
  const used = new Map<StageKind, number>();

  return {
    take(request) {
      const list = byStage.get(request.stage) ?? [];
      const position = used.get(request.stage) ?? 0;
      const next = list[position];
      if (next === undefined) throw exhausted(request, list);
      const problem = mismatch(next, request);
      // A mismatched entry stays unconsumed so assertExhausted still reports it.
      if (problem !== undefined) {
        const which = `${request.stage} entry ${position + 1} of ${list.length}`;
        throw new LlmError(
          'script_mismatch',
          `the call does not match script entry ${next.location} (${which}): ${problem}`,
          request.stage,
        );
      }
      used.set(request.stage, position + 1);
      return next;
    },
    peek(request) {
      const list = byStage.get(request.stage) ?? [];
      return list.slice(used.get(request.stage) ?? 0).find((entry) => mismatch(entry, request) === undefined);
    },
    unused() {
      const left = new Map<StageKind, readonly LocatedEntry[]>();
      for (const [stage, list] of byStage) {
        const rest = list.slice(used.get(stage) ?? 0);
        if (rest.length > 0) left.set(stage, rest);
      }
      return left;
    },
  };
}

function mismatch({ entry }: LocatedEntry, request: LlmRequest): string | undefined {
  if (entry.principal !== undefined && entry.principal !== request.principal) {
    return `expected principal ${JSON.stringify(entry.principal)}, got ${describePrincipal(request)}`;
  }
  const prompt = promptText(request);
  const expected = typeof entry.expect === 'string' ? [entry.expect] : (entry.expect ?? []);
  const missing = expected.find((text) => !prompt.includes(text));
  if (missing === undefined) return undefined;
  return `expected the prompt to contain ${JSON.stringify(missing)}; the prompt ends with ${JSON.stringify(tail(prompt))}`;
}

function exhausted(request: LlmRequest, list: readonly LocatedEntry[]): LlmError {
  const history =
    list.length === 0
      ? 'the script has no entry for this stage'
      : `all ${list.length} were used (${list.map((l) => l.location).join(', ')})`;
  const call = `the call had principal ${describePrincipal(request)} and a prompt ending with ${JSON.stringify(tail(promptText(request)))}`;
  return new LlmError('script_exhausted', `no scripted entry left for this stage: ${history}; ${call}`, request.stage);
}

/** The prompt as `expect` sees it: every message's content, in order. */
export function promptText(request: LlmRequest): string {
  return request.messages.map((message) => message.content).join('\n');
}

function describePrincipal(request: LlmRequest): string {
  return request.principal === undefined ? 'none' : JSON.stringify(request.principal);
}

/** The volatile end of a prompt is what usually differs from what a fixture expected. */
function tail(prompt: string): string {
  const flat = prompt.replace(/\s+/gu, ' ').trim();
  return flat.length > 200 ? `…${flat.slice(-200)}` : flat;
}
