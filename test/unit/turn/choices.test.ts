import { describe, expect, it } from 'vitest';
import { beatScriptSchemaFor } from '../../../engine/turn/outputs.ts';
import {
  CHOICES_CHECKPOINT,
  choicesBrief,
  latestChoices,
  offersChoices,
  tidyChoices,
} from '../../../engine/turn/choices.ts';
import { PLAY_STATE_CHECKPOINT } from '../../../engine/turn/play-state.ts';
import type { StoredCheckpoint } from '../../../engine/store/index.ts';
import { lanternQuay } from '../../support/packs.ts';

const beats = [{ type: 'narration', content: 'The fire spits blue.' }];
const offered = ['Ask Kit about the letter', 'Warm your hands by the fire'];

describe("the Narrator's choices", () => {
  it('are part of the beat script only when the turn asks for them', () => {
    expect(beatScriptSchemaFor(['kit-wickett'], [], true).parse({ beats, choices: offered }).choices).toEqual(offered);
    expect(
      beatScriptSchemaFor(['kit-wickett'], ['kit-wickett'], true).safeParse({ beats, choices: offered }).success,
    ).toBe(true);
    // Not asked: a script carrying choices is refused, as any other unknown key is.
    expect(beatScriptSchemaFor(['kit-wickett']).safeParse({ beats, choices: offered }).success).toBe(false);
  });

  it('number two to four, each short', () => {
    const schema = beatScriptSchemaFor([], [], true);
    expect(schema.safeParse({ beats, choices: ['Only one'] }).success).toBe(false);
    expect(schema.safeParse({ beats, choices: ['a', 'b', 'c', 'd', 'e'] }).success).toBe(false);
    expect(schema.safeParse({ beats, choices: ['a', 'x'.repeat(101)] }).success).toBe(false);
    expect(schema.safeParse({ beats }).success).toBe(true);
  });

  it('are tidied: whitespace folded, repeats dropped, and a single one left is none', () => {
    expect(tidyChoices(['  Ask   Kit ', 'ask kit', 'Leave'])).toEqual(['Ask Kit', 'Leave']);
    expect(tidyChoices(['Leave', 'leave '])).toEqual([]);
    expect(tidyChoices(undefined)).toEqual([]);
  });

  it('are offered unless the setting or the pack turns them off', async () => {
    const pack = await lanternQuay();
    expect(offersChoices(pack, true)).toBe(true);
    expect(offersChoices(pack, false)).toBe(false);
    const tuning = { ...pack.manifest.tuning, choices: false };
    expect(offersChoices({ ...pack, manifest: { ...pack.manifest, tuning } }, true)).toBe(false);
  });

  it('brief the Narrator in the player’s name', () => {
    expect(choicesBrief('Sam')).toContain('things Sam might do next');
  });

  it('of the last committed turn are read back; older ones are not', () => {
    const checkpoint = (kind: string, turnId: number, data: StoredCheckpoint['data']): StoredCheckpoint => ({
      id: turnId,
      turnId,
      createdAt: 0,
      kind,
      data,
    });
    const store = (last: number) => ({
      latestCheckpoint: (kind?: string) =>
        kind === CHOICES_CHECKPOINT
          ? checkpoint(kind, 3, { choices: offered })
          : checkpoint(PLAY_STATE_CHECKPOINT, last, {}),
    });
    expect(latestChoices(store(3))).toEqual(offered);
    expect(latestChoices(store(4))).toEqual([]);
  });
});
