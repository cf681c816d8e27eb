import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineClient, dispatch, type EngineClient, type MethodName } from '../../../engine/api/index.ts';
import { inspectView } from '../../../engine/cli/commands/inspect.ts';
import { createEngine, type Engine } from '../../../engine/host/index.ts';
import { rootsFor } from '../../../engine/platform/index.ts';
import { countingIds, fixedSeedRng, manualClock } from '../../../engine/platform/testing.ts';
import { cli, replayArrival } from '../../support/cli.ts';
import { STORIES_DIR } from '../../support/playthrough.ts';

let home: string;
let save: string;
let engine: Engine;
// One replay of Lantern Quay's arrival; an engine over the same home, as the app would open it.
beforeAll(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'storyloom-cli-api-'));
  save = await replayArrival(home);
  engine = await createEngine({
    ports: { clock: manualClock(), ids: countingIds(), rng: fixedSeedRng(), roots: rootsFor(home, STORIES_DIR) },
    appVersion: '0.1.0',
    platform: 'linux',
  });
});
afterAll(async () => {
  await engine.dispose();
  await rm(home, { recursive: true, force: true });
});

/** A client of the engine's handler map that notes every method it is asked for. */
function recordingClient(): { api: EngineClient; asked: MethodName[] } {
  const asked: MethodName[] = [];
  const { api } = createEngineClient({
    call: (method, params) => {
      asked.push(method);
      return dispatch(engine.handlers, method, params);
    },
    subscribe: (listener) => engine.subscribe(listener),
  });
  return { api, asked };
}

describe('storyloom inspect and export, as clients of the EngineApi', () => {
  const views: [string, string[], MethodName[]][] = [
    ['stream', [], ['saves.messages']],
    ['prompts', ['--turn', '2'], ['saves.turns', 'saves.stageCalls']],
    ['truth', ['--turn', '2'], ['saves.truth']],
    ['landscape', ['--json'], ['saves.landscape']],
    ['context', ['--turn', '5'], ['saves.context']],
    ['chronicle', [], ['saves.chronicle']],
    ['kg', ['--turn', '3'], ['saves.knowledge']],
  ];
  it.each(views)('print %s %j from the api’s %j, exactly as the command does', async (view, options, methods) => {
    const printed = await cli('--home', home, 'inspect', save, view, ...(view === 'kg' ? ['world'] : []), ...options);
    expect(printed.stderr).toBe('');
    const turn = options.includes('--turn') ? Number(options.at(-1)) : undefined;
    const { api, asked } = recordingClient();
    const request = { id: save, turn, json: options.includes('--json'), graph: 'world' };
    expect(await inspectView(api, view, request)).toBe(printed.stdout);
    expect(asked).toEqual(methods);
  });

  it('refuses a turn the save does not have with the api’s own error', async () => {
    const { api } = recordingClient();
    const refused = await api['saves.truth']({ id: save, turn: 9 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
    const printed = await cli('--home', home, 'inspect', save, 'truth', '--turn', '9');
    expect(printed.stderr).toBe(`storyloom: ${refused.ok ? '' : refused.error.message}\n`);
  });

  it('exports the transcript saves.transcript gives', async () => {
    const out = path.join(home, 'story.html');
    expect((await cli('--home', home, 'export', 'transcript', save, out)).code).toBe(0);
    const { api } = recordingClient();
    const given = await api['saves.transcript']({ id: save, format: 'html' });
    expect(given).toEqual({ ok: true, value: { text: await readFile(out, 'utf8') } });
    expect(given.ok && given.value.text).toContain('<h2>Turn 1</h2>');
  });
});
