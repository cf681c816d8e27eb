import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/** The packaging config as electron-builder reads it (`npm run dist`). */
async function builderConfig(): Promise<Record<string, unknown>> {
  const parsed: unknown = parse(await readFile('electron-builder.yml', 'utf8'));
  if (typeof parsed !== 'object' || parsed === null) throw new Error('electron-builder.yml is not a map');
  return { ...parsed };
}

describe('the packaged app (electron-builder.yml)', () => {
  it('flips the Electron fuses that close the ways around the app: no Node mode, no NODE_OPTIONS, no inspector', async () => {
    const config = await builderConfig();
    expect(config['electronFuses']).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('names only fuses electron-builder knows, so a typo cannot silently leave one unflipped', async () => {
    const fuses = Object.keys((await builderConfig())['electronFuses'] ?? {});
    const scheme: unknown = JSON.parse(await readFile('node_modules/app-builder-lib/scheme.json', 'utf8'));
    const known = Object.keys(
      (scheme as { definitions: { FuseOptionsV1: { properties: Record<string, unknown> } } }).definitions.FuseOptionsV1
        .properties,
    );
    expect(known.length).toBeGreaterThan(5);
    for (const fuse of fuses) expect(known, fuse).toContain(fuse);
  });

  it('packs the app into an asar archive, which the asar fuses check and require', async () => {
    const config = await builderConfig();
    expect(config['asar']).toBe(true);
  });
});
