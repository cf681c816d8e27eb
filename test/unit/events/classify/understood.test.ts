import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LedgerRecord, NarrativeEvent } from '../../../../engine/events/index.ts';
import { loadPack, type StoryPack } from '../../../../engine/pack/index.ts';
import { understoodActions } from '../../../../engine/turn/classify/understood.ts';

const PACK_DIR = fileURLToPath(new URL('../../../../stories/lantern-quay/', import.meta.url));

let pack: StoryPack;
beforeAll(async () => {
  const result = await loadPack(path.resolve(PACK_DIR), { appVersion: '0.1.0' });
  if (result.pack === null) throw new Error(result.diagnostics.map((d) => d.message).join('\n'));
  pack = result.pack;
});

const events = (...list: NarrativeEvent[]): LedgerRecord[] => list.map((event) => ({ kind: 'event', event }));

describe('the Narrator’s input tier (what the intention was classified as)', () => {
  it('names characters, objects and places instead of their ids, one clause per event', () => {
    const text = understoodActions(
      pack,
      'sam-fairweather',
      events(
        { type: 'MovementAction', actor: 'player', from: 'quay', to: 'harbour-office' },
        { type: 'ActionPerformed', actor: 'player', action: 'show', target: 'brass-badge' },
        { type: 'SpeechAct', speaker: 'player', addressee: 'silas-crane', content_hash: '5:2' },
        { type: 'ExaminationAction', actor: 'player', target: 'harbour-log' },
      ),
    );
    expect(text).toBe(
      "go from Lantern Quay to The Harbourmaster's Office; show the brass badge; speak to Silas Crane; examine the harbour log",
    );
  });

  it('says nothing of scene, gate or refusal events (the Narrator gets those in their own words, or not at all)', () => {
    const text = understoodActions(
      pack,
      'sam-fairweather',
      events(
        { type: 'SceneEntered', scene_id: 'the-false-entry', characters: ['silas-crane'] },
        { type: 'GateFired', gate_id: 'sam_is_the_boards_man', scene_id: 'the-false-entry' },
      ),
    );
    expect(text).toBe('');
  });
});
