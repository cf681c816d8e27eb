import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Clock } from '../../../engine/platform/ports.ts';
import type { NewSave, NewStageCall, TurnCommit } from '../../../engine/store/index.ts';
import { APP_VERSION } from '../../support/packs.ts';
import { storeOptions as storeOptionsWith, tempFolders } from '../../support/saves.ts';

export { APP_VERSION };

/** A clock that moves one second per reading, so every write gets a distinct, predictable time. */
export function testClock(start = 1_700_000_000_000): Clock {
  let now = start;
  return { now: () => (now += 1000), monotonic: () => now };
}

export function storeOptions(): { clock: Clock; appVersion: string } {
  return storeOptionsWith(testClock());
}

/** A fresh temp folder per call; `cleanup` removes every folder made so far. */
export function tempDirs(): { make: () => string; cleanup: () => void } {
  return tempFolders('storyloom-store-');
}

export const NEW_SAVE: NewSave = {
  title: 'The Lost Tower',
  packId: 'lost-tower',
  packVersion: '1.2.0',
  packContentHash: 'sha256:abc',
  personaId: 'ren',
  rngSeed: 42,
  rngState: [1, 2, 3, 4],
};

export function stageCall(stage: string, extra: Partial<NewStageCall> = {}): NewStageCall {
  return {
    stage,
    principal: 'world',
    provider: 'scripted',
    model: 'tiny',
    prompt: [
      { role: 'system', content: `You are the ${stage}.` },
      { role: 'user', content: 'What happens?' },
    ],
    output: `${stage} output`,
    promptTokens: 120,
    cachedTokens: 100,
    generatedTokens: 30,
    ttftMs: 12.5,
    totalMs: 80.25,
    ...extra,
  };
}

/** A turn shaped like a real one: intention, narration and dialog (8 messages), six stage calls. */
export function sampleTurn(n: number, overrides: Partial<TurnCommit> = {}): TurnCommit {
  return {
    input: `I do thing ${n}`,
    startedAt: 1_700_000_000_000 + n,
    durationMs: 1234.5,
    rngState: [n, n + 1, n + 2, n + 3],
    messages: [
      { owner: 'persona', type: 'thought', content: `Should I do thing ${n}?` },
      { owner: 'persona', type: 'intention', content: `I do thing ${n}` },
      { owner: 'narrator', type: 'narration', content: `Turn ${n}: the wind rises over the tower.` },
      { owner: 'mira', type: 'dialog', content: `"Careful," says Mira (${n}).`, mood: 'tense' },
      { owner: 'narrator', type: 'narration', content: `Dust falls from the beams (${n}).` },
      { owner: 'mira', type: 'intention', content: `Mira checks the door (${n}).` },
      { owner: 'narrator', type: 'narration', content: `The door creaks (${n}).` },
      { owner: 'mira', type: 'dialog', content: `"Nothing there" (${n}).`, mood: 'relieved' },
    ],
    stageCalls: ['persona_extractor', 'narrator', 'character_dialog', 'npc_intent', 'narrator', 'character_dialog'].map(
      (stage) => stageCall(stage),
    ),
    ...overrides,
  };
}

export function fileHash(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

export function companionsOf(path: string): string[] {
  return ['-wal', '-shm'].filter((suffix) => existsSync(path + suffix));
}

/** The schema as SQL text, whitespace-normalised and in a stable order (kysely's own tables left out). */
export function liveSchema(path: string): string {
  const sqlite = new Database(path, { readonly: true });
  try {
    const rows = sqlite
      .prepare(
        `select sql from sqlite_master
         where sql is not null and name not like 'sqlite_%' and name not like 'kysely_%'
         order by case type when 'table' then 0 when 'index' then 1 else 2 end, name`,
      )
      .pluck()
      .all();
    return rows.map((sql) => `${String(sql).replace(/\s+/g, ' ').trim()};`).join('\n\n') + '\n';
  } finally {
    sqlite.close();
  }
}
