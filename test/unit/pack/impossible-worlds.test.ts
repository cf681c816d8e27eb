import { afterEach, describe, expect, it } from 'vitest';
import { formatDiagnostic, loadPack } from '../../../engine/pack/index.ts';
import { cli } from '../../support/cli.ts';
import {
  lanternQuayVariant,
  replaceOnce,
  type LanternVariant,
  type VariantEdit,
} from '../../support/lantern-variant.ts';
import { APP_VERSION } from '../../support/packs.ts';

const OBJECTS = 'world/objects.yaml';
const FLOORBOARD_PLACE = '  container: true\n  location: harbour-office\n';

let variant: LanternVariant | null = null;
afterEach(async () => {
  await variant?.cleanup();
  variant = null;
});

/** Lantern Quay with world/objects.yaml rewritten; the loader's diagnostics as `file:line:col: severity: message`. */
async function objectsVariant(edit: VariantEdit) {
  variant = await lanternQuayVariant({ [OBJECTS]: edit });
  const { pack, diagnostics } = await loadPack(variant.packDir, { appVersion: APP_VERSION });
  const lines = diagnostics.map((diagnostic) => formatDiagnostic(diagnostic)).filter((line) => line.includes(OBJECTS));
  return { pack, lines, dir: variant.packDir };
}

describe('validate refuses an impossible Lantern Quay', () => {
  it('an object inside itself: the loose floorboard in the loose floorboard', async () => {
    const { pack, lines } = await objectsVariant(
      replaceOnce(FLOORBOARD_PLACE, '  container: true\n  in: loose-floorboard\n'),
    );
    expect(pack).toBeNull();
    expect(lines).toEqual([
      'world/objects.yaml:32:7: error: "loose-floorboard" is inside itself; put it in another container, a location or a holder',
    ]);
  });

  it('an object inside an object inside itself: the floorboard in a sea chest in the floorboard', async () => {
    const chest = '- id: sea-chest\n  name: sea chest\n  container: true\n  in: loose-floorboard\n';
    const { pack, lines } = await objectsVariant(
      (text) => replaceOnce(FLOORBOARD_PLACE, '  container: true\n  in: sea-chest\n')(text) + chest,
    );
    expect(pack).toBeNull();
    expect(lines).toEqual([
      'world/objects.yaml:32:7: error: "loose-floorboard" is inside itself through its containers ("loose-floorboard" in "sea-chest" in "loose-floorboard"); one of them needs a location or a holder',
    ]);
  });

  it('an object in something that is not a container: the secret log in the tide board', async () => {
    const { pack, lines } = await objectsVariant(replaceOnce('in: loose-floorboard', 'in: tide-board'));
    expect(pack).toBeNull();
    expect(lines).toEqual([
      'world/objects.yaml:38:7: error: "secret-log" is in "tide-board", which is not a container; set container: true on "tide-board" or give "secret-log" a location or a holder',
    ]);
  });

  it('a door without an open state: the Custom House door that is only locked', async () => {
    const { pack, lines } = await objectsVariant(
      replaceOnce('state: { open: false, locked: true }', 'state: { locked: true }'),
    );
    expect(pack).toBeNull();
    expect(lines).toEqual([
      'world/objects.yaml:47:10: error: "custom-house-door" is the door of a way but has no open state, so nobody could ever pass; give it state: { open: false }',
    ]);
  });

  it('a lock whose key exists nowhere is a warning: the pack still loads and plays', async () => {
    const { pack, lines, dir } = await objectsVariant(replaceOnce('key: collectors-key', 'key: warehouse-key'));
    expect(pack).not.toBeNull();
    expect(lines).toEqual([
      'world/objects.yaml:48:8: warning: "custom-house-door" is locked by "warehouse-key", which exists nowhere in the world; nobody can lock or unlock it',
    ]);
    const validated = await cli('validate', dir);
    expect(validated.code).toBe(0);
    expect(validated.stdout + validated.stderr).toContain('warning: "custom-house-door" is locked by "warehouse-key"');
  });

  it('the storyloom validate command exits non-zero on an impossible world, naming file and line', async () => {
    const { dir } = await objectsVariant(replaceOnce('in: loose-floorboard', 'in: tide-board'));
    const validated = await cli('validate', dir);
    expect(validated.code).not.toBe(0);
    expect(validated.stdout + validated.stderr).toMatch(
      /world\/objects\.yaml:38:7: error: "secret-log" is in "tide-board"/u,
    );
  });
});
