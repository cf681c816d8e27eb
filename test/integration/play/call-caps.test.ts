import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createScriptedProvider, type ScriptEntryInput } from '../../../engine/llm/index.ts';
import { openSave } from '../../../engine/store/index.ts';
import { manualClock } from '../../../engine/platform/testing.ts';
import { startPlay, unwrap, type PlaySetup } from '../../support/playthrough.ts';

let setup: PlaySetup | null = null;
afterEach(async () => {
  await setup?.cleanup();
  setup = null;
});

const cue = (n: number) => ({ type: 'cue', character: 'odile-fenn', mood: 'brisk', context: `line ${n}` });

describe('a beat script with more cues than the cap', () => {
  it('is expanded up to the cap (4 by default): later cues make no Character Dialog call, the narration stays', async () => {
    const entries: ScriptEntryInput[] = [
      {
        stage: 'narrator',
        reply: {
          beats: [
            { type: 'narration', content: 'Odile sets down her brush.' },
            ...[1, 2, 3, 4, 5, 6].map(cue),
            { type: 'narration', content: 'She turns back to the press.' },
          ],
        },
      },
      ...[1, 2, 3, 4].map((n): ScriptEntryInput => ({ stage: 'character_dialog', reply: `Line ${n}, love.` })),
      { stage: 'npc_intent', reply: { thought: '', intention: 'Wipe the bench.' } },
      { stage: 'narrator', reply: { beats: [{ type: 'narration', content: 'The bench shines.' }] } },
      { stage: 'persona_extractor', reply: { changes: [], summary: 's' } },
      { stage: 'character_extractor', reply: { changes: [], summary: 's' } },
      { stage: 'lore_extractor', reply: { facts: [], summary: 's' } },
      { stage: 'lore_extractor', reply: { facts: [], summary: 's' } },
    ];
    const provider = await createScriptedProvider({ entries });
    setup = await startPlay(async () => provider);
    const save = unwrap(await setup.api['saves.create']({ packId: 'tutorial', seed: 3 }));
    const played = unwrap(
      await setup.api['play.submit']({ saveId: save.id, text: 'I ask Odile to talk me through it.' }),
    );
    expect(played.kind).toBe('turn');
    expect(unwrap(await setup.api['play.settle']({ saveId: save.id })).failure).toBeNull();
    provider.assertExhausted();

    const store = await openSave(
      path.join(setup.home, 'saves', save.id),
      {
        clock: manualClock(),
        appVersion: '0.1.0',
      },
      'read',
    );
    const lines = store
      .messagesBefore(null, 100)
      .filter((message) => message.type === 'narration' || message.type === 'dialog')
      .map((message) => `${message.type}: ${message.content}`);
    store.close();
    expect(lines).toEqual([
      'narration: Odile sets down her brush.',
      'dialog: Line 1, love.',
      'dialog: Line 2, love.',
      'dialog: Line 3, love.',
      'dialog: Line 4, love.',
      'narration: She turns back to the press.',
      'narration: The bench shines.',
    ]);
  });
});
