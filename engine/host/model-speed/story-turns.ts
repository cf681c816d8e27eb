import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createEngineClient, createInProcessTransport, type Result } from '../../api/index.ts';
import { readInputsFile } from '../../pack/index.ts';
import type { LoggedCall } from '../../llm/local/index.ts';
import { createScriptedProvider } from '../../llm/index.ts';
import { randomIds, rngFactory, rootsFor, systemClock } from '../../platform/index.ts';
import { createEngine } from '../engine.ts';

export interface StoryTurns {
  readonly packId: string;
  readonly title: string;
  /** The stage calls of every committed turn, in order. */
  readonly turns: readonly (readonly LoggedCall[])[];
}

/**
 * Plays a built-in story's scripted playthrough (`fixtures/*.inputs` with its replies) in a throwaway home, so its real
 * prompts can be priced on a model. Packs without a playthrough are left out.
 */
export async function playStoryFixture(
  builtinStories: string,
  packId: string,
  appVersion: string,
): Promise<StoryTurns | null> {
  const fixtures = path.join(builtinStories, packId, 'fixtures');
  const inputsName = (await readdir(fixtures).catch(() => [])).filter((name) => name.endsWith('.inputs')).sort()[0];
  if (inputsName === undefined) return null;
  const inputs = await readInputsFile(path.join(fixtures, inputsName));
  const replies = path.join(fixtures, inputsName.replace(/\.inputs$/u, '.yaml'));
  const provider = await createScriptedProvider({ file: replies });
  const home = await mkdtemp(path.join(os.tmpdir(), 'storyloom-price-'));
  const engine = await createEngine({
    ports: { clock: systemClock, ids: randomIds, rng: rngFactory, roots: rootsFor(home, builtinStories) },
    appVersion,
    platform: process.platform,
    llmOverride: { kind: 'scripted', file: replies },
    createProvider: () => Promise.resolve(provider),
  });
  try {
    const { api } = createEngineClient(createInProcessTransport(engine));
    const pack = must(await api['packs.list']({})).find((candidate) => candidate.id === packId);
    if (pack === undefined) return null;
    let saveId = must(
      await api['saves.create']({
        packId,
        ...(inputs.persona === undefined ? {} : { personaId: inputs.persona }),
        ...(inputs.seed === undefined ? {} : { seed: inputs.seed }),
      }),
    ).id;
    for (const input of inputs.inputs) {
      saveId = must(await api['play.submit']({ saveId, text: input.text, thought: input.thought })).saveId;
    }
    const turns: LoggedCall[][] = [];
    for (const turn of must(await api['saves.turns']({ id: saveId }))) {
      if (turn.status !== 'committed') continue;
      const calls = must(await api['saves.stageCalls']({ id: saveId, turnId: turn.id }));
      turns.push(
        calls.map((call) => ({
          stage: call.stage,
          principal: call.principal,
          prompt: call.prompt.map(asMessage),
          output: call.output,
        })),
      );
    }
    return { packId, title: pack.title, turns };
  } finally {
    await engine.dispose();
    await rm(home, { recursive: true, force: true });
  }
}

function asMessage(message: { readonly role: string; readonly content: string }) {
  const role = message.role === 'system' || message.role === 'assistant' ? message.role : 'user';
  return { role, content: message.content } as const;
}

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}
