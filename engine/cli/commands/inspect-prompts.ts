import type { EngineClient, StageCallRecord } from '../../api/index.ts';
import { viewOf } from '../save-api.ts';
import type { ViewRequest } from './inspect-request.ts';

/** `inspect <save> prompts`: every stage call of a turn, its prompt, output, tokens and time. */
export async function promptsText(api: EngineClient, { id, turn, json }: ViewRequest): Promise<string> {
  const turns = viewOf(await api['saves.turns']({ id }));
  // A turn number names the committed turn; without one, the last attempt (a failed one included) is shown.
  const chosen =
    turn === undefined
      ? turns.at(-1)
      : turns.findLast((candidate) => candidate.number === turn && candidate.status === 'committed');
  if (chosen === undefined)
    throw new Error(turn === undefined ? 'this save has no turns yet' : `this save has no committed turn ${turn}`);
  const calls = viewOf(await api['saves.stageCalls']({ id, turnId: chosen.id }));
  if (json) return `${JSON.stringify({ turn: chosen.number, status: chosen.status, calls })}\n`;
  const failure = chosen.failureStage === null ? '' : `: ${chosen.failureStage} — ${chosen.failureReason ?? ''}`;
  return `Turn ${chosen.number} (${chosen.status}${failure})\n${calls.map(formatCall).join('')}`;
}

function formatCall(call: StageCallRecord): string {
  const tokens = `prompt ${call.promptTokens ?? '?'} (cached ${call.cachedTokens ?? '?'}), generated ${call.generatedTokens ?? '?'}`;
  const prompt = call.prompt.map((message) => `  [${message.role}]\n${indent(message.content)}`).join('\n');
  const outcome = call.error === null ? `  [output]\n${indent(call.output ?? '')}` : `  [error] ${call.error}`;
  return `\n── ${call.seq}. ${call.stage} · ${call.principal} · ${call.provider}/${call.model} · ${tokens} · ${Math.round(call.totalMs ?? 0)} ms\n${prompt}\n${outcome}\n`;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
