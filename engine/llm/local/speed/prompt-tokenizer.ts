import { getLlama, LlamaLogLevel, resolveChatWrapper } from 'node-llama-cpp';
import { preparePrompt } from '../chat-prompt.ts';
import type { PromptTokenizer, TextTokenizer } from './turn-cost.ts';

export interface ModelTokenizer {
  readonly prompt: PromptTokenizer;
  readonly text: TextTokenizer;
  dispose(): Promise<void>;
}

/** The model's tokenizer and chat template alone (no weights loaded), to count what prompts cost it. */
export async function loadModelTokenizer(modelPath: string): Promise<ModelTokenizer> {
  const llama = await getLlama({ gpu: false, build: 'never', maxThreads: 1, logLevel: LlamaLogLevel.warn });
  const model = await llama.loadModel({ modelPath, vocabOnly: true });
  const format = { model, chatWrapper: resolveChatWrapper(model) };
  return {
    prompt: (messages) => preparePrompt(format, messages).tokens,
    text: (text) => model.tokenize(text).length,
    async dispose() {
      await model.dispose();
      await llama.dispose();
    },
  };
}
