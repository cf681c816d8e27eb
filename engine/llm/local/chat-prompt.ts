import type { ChatHistoryItem, LlamaText, Token } from 'node-llama-cpp';
import type { LlmMessage } from '../types.ts';
import type { LocalRuntime } from './runtime.ts';

/** What rendering a prompt needs: the model's tokenizer and its chat template. */
export type PromptFormat = Pick<LocalRuntime, 'chatWrapper' | 'model'>;

export interface PreparedPrompt {
  /** The whole rendered conversation, BOS included, ready to compare with a sequence's context tokens. */
  readonly tokens: Token[];
  /** Stop triggers that are token sequences and not already end-of-generation tokens (llama.cpp stops on those). */
  readonly stopTokenSequences: readonly (readonly Token[])[];
  /** Stop triggers that are plain text (models whose end of turn is not a special token). */
  readonly stopTexts: readonly string[];
}

/**
 * Applies the model's chat template (node-llama-cpp's resolved chat wrapper) to the messages.
 * A trailing assistant message is a prefill: the model continues it.
 */
export function preparePrompt(runtime: PromptFormat, messages: readonly LlmMessage[]): PreparedPrompt {
  const history: ChatHistoryItem[] = messages.map((message) => {
    if (message.role === 'system') return { type: 'system', text: message.content };
    if (message.role === 'user') return { type: 'user', text: message.content };
    return { type: 'model', response: [message.content] };
  });
  if (messages.at(-1)?.role !== 'assistant') history.push({ type: 'model', response: [] });

  const state = runtime.chatWrapper.generateContextState({ chatHistory: history });
  const tokens = state.contextText.tokenize(runtime.model.tokenizer);
  const stopTokenSequences: Token[][] = [];
  const stopTexts: string[] = [];
  for (const trigger of state.stopGenerationTriggers) {
    if (isPlainText(trigger)) {
      const text = trigger.toString();
      // "<|im_end|>" as text next to the same special token: the model emits the token, which already stops it.
      // Dropping the text form lets replies skip per-token detokenizing when nobody streams them.
      if (text !== '' && !isOneSpecialToken(runtime, text)) stopTexts.push(text);
      continue;
    }
    const triggerTokens = trigger.tokenize(runtime.model.tokenizer);
    const onlyEog = triggerTokens.length === 1 && runtime.model.isEogToken(triggerTokens[0]);
    if (triggerTokens.length > 0 && !onlyEog) stopTokenSequences.push(triggerTokens);
  }
  return { tokens, stopTokenSequences, stopTexts };
}

function isOneSpecialToken(runtime: PromptFormat, text: string): boolean {
  const tokens = runtime.model.tokenize(text, true);
  return tokens.length === 1 && runtime.model.isSpecialToken(tokens[0]);
}

function isPlainText(text: LlamaText): boolean {
  return text.values.every((value) => typeof value === 'string');
}
