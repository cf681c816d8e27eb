import { describe, expect, it } from 'vitest';
import { routingConfigSchema, type ProviderConfig } from '../../../engine/llm/config.ts';
import { createLlmRouter } from '../../../engine/llm/router.ts';
import { LlmError, type LlmProvider } from '../../../engine/llm/types.ts';

interface Counting {
  readonly created: ProviderConfig[];
  readonly disposed: ProviderConfig[];
  readonly factory: (config: ProviderConfig) => Promise<LlmProvider>;
}

function countingFactory(failFirst = false): Counting {
  const created: ProviderConfig[] = [];
  const disposed: ProviderConfig[] = [];
  let fail = failFirst;
  const factory = async (config: ProviderConfig): Promise<LlmProvider> => {
    await Promise.resolve();
    if (fail) {
      fail = false;
      throw new LlmError('config', 'model file missing');
    }
    created.push(config);
    const refuse = (): Promise<never> => Promise.reject(new Error('not used in routing tests'));
    return {
      kind: config.kind,
      model: JSON.stringify(config),
      generateText: refuse,
      generateObject: refuse,
      dispose: async () => void disposed.push(config),
    };
  };
  return { created, disposed, factory };
}

const big = { kind: 'local', modelPath: 'big.gguf' } as const;
const small = { kind: 'local', modelPath: 'small.gguf' } as const;
const remote = { kind: 'openai', baseURL: 'http://127.0.0.1:8080/v1', model: 'm' } as const;

describe('per-stage routing', () => {
  it('routes overrides to their provider and every other stage to the default', async () => {
    const routing = routingConfigSchema.parse({
      default: big,
      stages: { lore_extractor: small, persona_extractor: small, chronicler: remote },
    });
    const { created, factory } = countingFactory();
    const router = createLlmRouter(routing, factory);

    const narrator = await router.forStage('narrator');
    const dialog = await router.forStage('character_dialog');
    const lore = await router.forStage('lore_extractor');
    const persona = await router.forStage('persona_extractor');
    const chronicler = await router.forStage('chronicler');

    expect(narrator).toBe(dialog);
    expect(lore).toBe(persona);
    expect(narrator.model).toContain('big.gguf');
    expect(lore.model).toContain('small.gguf');
    expect(chronicler.kind).toBe('openai');
    expect(created).toHaveLength(3);
    expect(router.configFor('cohort_member')).toMatchObject(big);
  });

  it('routes a settings file’s old `simulation` override to every stage it was split into', () => {
    const small = { kind: 'local', modelPath: 'small.gguf' } as const;
    const routing = routingConfigSchema.parse({
      default: null,
      stages: { simulation: small, cohort_member: { kind: 'local', modelPath: 'big.gguf' } },
    });
    const router = createLlmRouter(routing, countingFactory().factory);
    for (const stage of ['intent_check', 'standalone_simulation', 'cohort_moderator'] as const)
      expect(router.configFor(stage)).toMatchObject(small);
    // An override of the new stage itself wins over the old one.
    expect(router.configFor('cohort_member')).toMatchObject({ modelPath: 'big.gguf' });
    expect(Object.keys(routing.stages)).not.toContain('simulation');
  });

  it('shares one provider between an override and the default when their configs are identical', async () => {
    const routing = routingConfigSchema.parse({
      default: big,
      stages: { narrator: { modelPath: 'big.gguf', kind: 'local' } },
    });
    const { created, factory } = countingFactory();
    const router = createLlmRouter(routing, factory);
    const [a, b, c] = await Promise.all([
      router.forStage('narrator'),
      router.forStage('npc_intent'),
      router.forStage('narrator'),
    ]);
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(created).toHaveLength(1);
  });

  it('says which stage has no provider and how to configure one', async () => {
    const router = createLlmRouter(
      routingConfigSchema.parse({ stages: { narrator: small } }),
      countingFactory().factory,
    );
    await expect(router.forStage('narrator')).resolves.toBeDefined();
    const error: unknown = await router.forStage('npc_intent').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({ kind: 'config', stage: 'npc_intent' });
    expect(String(error)).toContain('npc_intent: no LLM provider is configured for this stage');
    expect(String(error)).toContain('routing.default or routing.stages.npc_intent');
    expect(() => router.configFor('chronicler')).toThrow(LlmError);
  });

  it('retries a provider whose creation failed instead of caching the failure', async () => {
    const { created, factory } = countingFactory(true);
    const router = createLlmRouter(routingConfigSchema.parse({ default: big }), factory);
    await expect(router.forStage('narrator')).rejects.toThrow('model file missing');
    await expect(router.forStage('narrator')).resolves.toBeDefined();
    expect(created).toHaveLength(1);
  });

  it('disposes each provider once, and refuses stages afterwards', async () => {
    const routing = routingConfigSchema.parse({ default: big, stages: { lore_extractor: small, chronicler: small } });
    const { disposed, factory } = countingFactory();
    const router = createLlmRouter(routing, factory);
    await Promise.all(
      ['narrator', 'npc_intent', 'lore_extractor', 'chronicler'].map((stage) => router.forStage(stage as 'narrator')),
    );

    await router.dispose();
    await router.dispose();
    expect(disposed.map((config) => (config.kind === 'local' ? config.modelPath : config.kind)).sort()).toEqual([
      'big.gguf',
      'small.gguf',
    ]);
    await expect(router.forStage('narrator')).rejects.toMatchObject({ kind: 'config' });
  });
});
