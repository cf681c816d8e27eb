import { mkdtemp, cp, readFile, writeFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPack } from '../../../engine/pack/index.ts';
import { STORIES_DIR } from '../../support/playthrough.ts';

let dir: string | null = null;
afterEach(async () => {
  if (dir !== null) await rm(dir, { recursive: true, force: true });
  dir = null;
});

/** Lantern Quay copied to a temporary folder with one edit to narrative.yaml. */
async function editedQuay(from: string, to: string): Promise<string> {
  dir = await mkdtemp(path.join(os.tmpdir(), 'storyloom-producible-'));
  const copy = path.join(dir, 'lantern-quay');
  await cp(path.join(STORIES_DIR, 'lantern-quay'), copy, { recursive: true });
  const file = path.join(copy, 'narrative.yaml');
  const text = await readFile(file, 'utf8');
  if (!text.includes(from)) throw new Error(`narrative.yaml has no ${from}`);
  await writeFile(file, text.replace(from, to));
  return copy;
}

describe('validate: every proposition a story waits on can come true', () => {
  it('Lantern Quay as shipped has none that cannot', async () => {
    const result = await loadPack(path.join(STORIES_DIR, 'lantern-quay'), { appVersion: '0.1.0' });
    expect(result.diagnostics.filter((d) => d.message.includes('nothing can ever make true'))).toEqual([]);
  });

  it('warns, at the atom, about a misspelt interpretive proposition in a gate', async () => {
    const copy = await editedQuay(
      '- { kind: Atom, proposition: "TrustGrowing(player,anselm-mercer)" }',
      '- { kind: Atom, proposition: "TrustGrowth(player,anselm-mercer)" }',
    );
    const result = await loadPack(copy, { appVersion: '0.1.0' });
    const warning = result.diagnostics.find((d) => d.message.includes('TrustGrowth(player,anselm-mercer)'));
    expect(warning).toMatchObject({
      severity: 'warning',
      message:
        'gate "pells_fate" waits on "TrustGrowth(player,anselm-mercer)", which nothing can ever make true: no event produces it and Stage 4 cannot judge it',
    });
    expect(warning?.file.endsWith('narrative.yaml')).toBe(true);
    expect(result.pack).not.toBeNull();
  });

  it('warns about an emotional target Stage 4 cannot judge, and not about EmotionalRegister', async () => {
    const copy = await editedQuay(
      'emotionalTarget: "EmotionalRegister(dread)"',
      'emotionalTarget: "Feels(player,dread)"',
    );
    const result = await loadPack(copy, { appVersion: '0.1.0' });
    const warnings = result.diagnostics.filter((d) => d.message.includes('nothing can ever make true'));
    expect(warnings.map((d) => d.message)).toEqual([
      'scene "the-collectors-brandy" waits on "Feels(player,dread)", which nothing can ever make true: no event produces it and Stage 4 cannot judge it',
    ]);
  });
});

describe('validate: a guarded fact is not given away by text the Narrator always sees', () => {
  it('warns when a scene’s stakes paraphrase a guarded fact, naming the shared phrase', async () => {
    const copy = await editedQuay(
      "stakes: Father Anselm's conscience, and what the church is keeping for a man who cannot ask for it.",
      "stakes: Father Anselm's conscience, and the body that came ashore with the back of its skull broken.",
    );
    const result = await loadPack(copy, { appVersion: '0.1.0' });
    const warnings = result.diagnostics.filter((d) => d.message.includes('which the Narrator always sees'));
    expect(warnings.map((d) => d.message)).toEqual([
      'gate "pells_fate" guards a fact that shares "came ashore", "skull broken" with scene "the-button-in-the-bible" stakes, which the Narrator always sees: the fact leaks before the gate opens',
    ]);
  });
});
