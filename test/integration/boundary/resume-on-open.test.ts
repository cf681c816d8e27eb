import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngineClient, createInProcessTransport } from '../../../engine/api/index.ts';
import { createEngine, type Engine } from '../../../engine/host/index.ts';
import { rootsFor } from '../../../engine/platform/index.ts';
import { countingIds, fixedSeedRng, manualClock } from '../../../engine/platform/testing.ts';
import { lanternQuay, sampleSnapshot, saveWithRun } from '../../support/boundary.ts';
import { createInstantProvider } from '../../support/instant-provider.ts';
import { STORIES_DIR, unwrap } from '../../support/playthrough.ts';
import { openTestSave } from '../../support/saves.ts';

let home: string | null = null;
let engine: Engine | null = null;
afterEach(async () => {
  await engine?.dispose();
  if (home !== null) await rm(home, { recursive: true, force: true });
  engine = null;
  home = null;
});

/** The run's status as the save holds it, read as another process would. */
async function runStatus(file: string, runId: number): Promise<string | undefined> {
  const store = await openTestSave(file);
  try {
    return store.boundaryRun(runId)?.status;
  } finally {
    store.close();
  }
}

describe('a scene boundary left unfinished (the app stopped mid-way)', () => {
  it('resumes when the save is opened, before the player types anything', async () => {
    home = await mkdtemp(path.join(os.tmpdir(), 'storyloom-resume-open-'));
    await mkdir(path.join(home, 'saves'));
    const {
      store,
      runId,
      path: file,
    } = await saveWithRun(path.join(home, 'saves'), sampleSnapshot(await lanternQuay()));
    store.close();
    expect(await runStatus(file, runId)).toBe('running');

    const provider = createInstantProvider();
    engine = await createEngine({
      ports: { clock: manualClock(), ids: countingIds(), rng: fixedSeedRng(), roots: rootsFor(home, STORIES_DIR) },
      appVersion: '0.1.0',
      platform: 'linux',
      llmOverride: { kind: 'scripted', file: 'test' },
      createProvider: () => Promise.resolve(provider),
    });
    const { api } = createEngineClient(createInProcessTransport(engine));
    unwrap(await api['saves.open']({ id: path.basename(file), lastMessages: 10 }));

    // No input is ever submitted: opening alone picks the run up and finishes it.
    let status = await runStatus(file, runId);
    for (let waited = 0; status === 'running' && waited < 30_000; waited += 100) {
      await sleep(100);
      status = await runStatus(file, runId);
    }
    expect(status).toBe('done');
  });
});
