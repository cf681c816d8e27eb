import { z } from 'zod';
import {
  createScriptedProvider,
  type LlmObjectRequest,
  type LlmProvider,
  type LlmRequest,
  type ScriptEntryInput,
  type ScriptedProvider,
} from '../../engine/llm/index.ts';
import { createInstantProvider } from './instant-provider.ts';

/**
 * A test boundary fake, named so: the scripted entries answer the creation stage and the first Narrator calls (one
 * per scripted narrator entry, in order), the instant provider every other call (small valid replies, boundary stages
 * included). `schemas` records the top-level fields of every Narrator schema, to show what a turn was offered.
 */
export async function creationProvider(entries: readonly ScriptEntryInput[]): Promise<{
  provider: LlmProvider;
  scripted: ScriptedProvider;
  narratorFields: string[][];
}> {
  const scripted = await createScriptedProvider({ entries: [...entries] });
  const instant = createInstantProvider();
  const scriptedNarrators = entries.filter((entry) => entry.stage === 'narrator').length;
  const narratorFields: string[][] = [];
  const pick = (request: LlmRequest): LlmProvider => {
    if (request.stage === 'creation') return scripted;
    if (request.stage !== 'narrator') return instant;
    return narratorFields.length <= scriptedNarrators ? scripted : instant;
  };
  const provider: LlmProvider = {
    kind: 'scripted',
    model: 'scripted:creation',
    generateText: (request) => pick(request).generateText(request),
    generateObject: <T>(request: LlmObjectRequest<T>) => {
      if (request.stage === 'narrator') narratorFields.push(fieldsOf(request.schema));
      return pick(request).generateObject(request);
    },
    dispose: async () => {
      await Promise.all([scripted.dispose(), instant.dispose()]);
    },
  };
  return { provider, scripted, narratorFields };
}

function fieldsOf(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return typeof json === 'object' && 'properties' in json && json.properties !== undefined
    ? Object.keys(json.properties).sort()
    : [];
}
