import { repairMessages } from '../structured.ts';
import type { LlmMessage } from '../types.ts';
import { preparePrompt, type PromptFormat } from './chat-prompt.ts';

/**
 * The one repair retry's prompt (see repairMessages), quoting the rejected reply whole, or only its beginning when a
 * reply that ran to its cap would leave the retry no room: the quote takes at most half the context left beside the
 * prompt and the problem, and the rest is the retry's own.
 */
export function repairPrompt(
  format: PromptFormat,
  contextSize: number,
  failed: { readonly messages: readonly LlmMessage[]; readonly reply: string; readonly problem: string },
): LlmMessage[] {
  const { messages, reply, problem } = failed;
  const beside = preparePrompt(format, repairMessages(messages, '', problem)).tokens.length;
  const allowed = Math.floor((contextSize - beside) / 2);
  const tokens = format.model.tokenize(reply, false, 'trimLeadingSpace');
  if (tokens.length <= allowed) return repairMessages(messages, reply, problem);
  const beginning = format.model.detokenize(tokens.slice(0, Math.max(0, allowed - 1)));
  return repairMessages(messages, `${beginning}…`, problem);
}
