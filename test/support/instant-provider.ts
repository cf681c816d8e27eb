import type {
  LlmObjectRequest,
  LlmObjectResult,
  LlmProvider,
  LlmRequest,
  LlmTextResult,
} from '../../engine/llm/index.ts';
import { boundaryReply, isBoundaryStage } from './boundary-replies.ts';

/**
 * A benchmark and test boundary fake: answers every stage at once with a small valid reply, so a turn's wall time is
 * the engine's own. The Narrator cues the first character id listed in its prompt, to exercise Character Dialog.
 */
export function createInstantProvider(): LlmProvider {
  const usage = (text: string) => ({
    promptTokens: 0,
    cachedPromptTokens: 0,
    generatedTokens: text.length,
    timeToFirstTokenMs: 0,
    totalMs: 0,
  });
  const reply = (request: LlmRequest): unknown => {
    switch (request.stage) {
      case 'narrator': {
        const system = request.messages[0]?.content ?? '';
        const id = /^([a-z0-9-]+) — /mu.exec(system.slice(system.indexOf('Characters who may be present')))?.[1];
        const narration = { type: 'narration', content: 'The lamps gutter in the wind off the harbour.' };
        // A refused intention is the Narrator's alone: no cue is allowed then.
        const refused = request.messages.some((message) => message.content.includes('This cannot happen:'));
        return {
          beats:
            id === undefined || refused
              ? [narration]
              : [narration, { type: 'cue', character: id, mood: 'wary', context: 'answering' }],
        };
      }
      case 'npc_intent':
      case 'persona_intent':
        return { thought: 'Keep calm.', intention: 'Watch the door.' };
      case 'persona_extractor':
      case 'character_extractor':
        return { changes: [{ name: 'alert', level: 7, category: 'mood' }], summary: 'More alert.' };
      case 'deep_interpretation':
        return { judgments: [] };
      case 'lore_extractor':
        return { facts: [{ key: 'the lamps', content: 'They gutter in the harbour wind.' }], summary: 'One fact.' };
      default:
        return {};
    }
  };
  return {
    kind: 'scripted',
    model: 'instant',
    async generateText(request: LlmRequest): Promise<LlmTextResult> {
      const text = 'Not tonight.';
      request.onTextDelta?.(text);
      return { text, usage: usage(text), model: 'instant', attempts: 1 };
    },
    async generateObject<T>(request: LlmObjectRequest<T>): Promise<LlmObjectResult<T>> {
      // Scene-boundary stages get their smallest valid replies, so a scene can close without a script for them.
      const text = JSON.stringify(isBoundaryStage(request.stage) ? boundaryReply(request) : reply(request));
      return { text, value: request.schema.parse(JSON.parse(text)), usage: usage(text), model: 'instant', attempts: 1 };
    },
    async dispose() {},
  };
}
