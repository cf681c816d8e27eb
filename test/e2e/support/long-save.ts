import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createSave } from '../../../engine/store/index.ts';

const MESSAGES_PER_TURN = 10;
const PHRASES = [
  'The lamp gutters and steadies again.',
  'Rain ticks against the skylight while the paste dries in its pot.',
  'Somewhere in the back a press creaks, patient as an old dog, and the smell of glue and leather thickens.',
  'Odile turns a page against the light, reads it twice, and sets it down without a word.',
];

/**
 * Writes a save of the tutorial pack with `messages` messages straight into a home's saves folder (engine/store,
 * in turns of ten, in one process): a long story for the windowing tests and benchmarks. Returns the save's id.
 */
export async function writeLongSave(home: string, messages: number, name = 'long-story'): Promise<string> {
  const folder = join(home, 'saves');
  mkdirSync(folder, { recursive: true });
  const id = `${name}.storyloom`;
  const clock = { now: () => Date.now(), monotonic: () => performance.now() };
  const store = await createSave(
    join(folder, id),
    {
      title: `A long story (${messages} messages)`,
      packId: 'tutorial',
      packVersion: '1.0.0',
      packContentHash: 'sha256:long',
      personaId: 'robin-ashby',
      rngSeed: 1,
      rngState: [1, 2, 3, 4],
    },
    { clock, appVersion: 'test' },
  );
  for (let turn = 1; turn * MESSAGES_PER_TURN <= messages; turn++) {
    store.commitTurn({
      input: `I keep working (${turn})`,
      startedAt: Date.now(),
      durationMs: 1,
      rngState: [turn, 2, 3, 4],
      messages: Array.from({ length: MESSAGES_PER_TURN }, (_, i) => {
        const n = (turn - 1) * MESSAGES_PER_TURN + i + 1;
        const text = `${PHRASES[n % PHRASES.length] ?? ''} (${n})`;
        if (i === 0) return { owner: 'robin-ashby', type: 'intention' as const, content: `I keep working (${turn})` };
        if (i % 3 === 0) return { owner: 'odile-fenn', type: 'dialog' as const, content: text, mood: 'calm' };
        return { owner: 'narrator', type: 'narration' as const, content: text };
      }),
    });
  }
  store.close();
  return id;
}
