import type { EngineHandlers } from '../../api/index.ts';
import type { HostContext } from '../context.ts';

/** Settings' "Test connection": one tiny prompt, so the player learns at once whether a provider works. */
export function llmHandlers(context: HostContext): Pick<EngineHandlers, 'llm.testConnection'> {
  return {
    'llm.testConnection': async ({ provider: config }) => {
      const provider = await context.createProvider(config);
      try {
        const started = context.ports.clock.monotonic();
        const result = await provider.generateText({
          stage: 'narrator',
          messages: [{ role: 'user', content: 'Reply with one short sentence to show you are ready to tell a story.' }],
          maxTokens: 24,
          temperature: 0,
        });
        return { model: result.model, latencyMs: context.ports.clock.monotonic() - started, reply: result.text };
      } finally {
        await provider.dispose();
      }
    },
  };
}
