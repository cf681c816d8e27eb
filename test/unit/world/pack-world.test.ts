import { describe, expect, it } from 'vitest';
import { loadPack } from '../../../engine/pack/index.ts';
import { applyAction, checkWorldState, phaseOfDay, worldFromPack } from '../../../engine/world/index.ts';
import { APP_VERSION, writePack } from '../pack/temp-pack.ts';

const WORLD_FILES = {
  'world/locations.yaml': `- id: harbour
  zone: docks
  lighting: dim
  ways:
    - { to: tavern, door: tavern-door }
- id: tavern
  capacity: 12
  ways:
    - { to: harbour, door: tavern-door }
`,
  'world/objects.yaml': `- id: tavern-door
  name: tavern door
  kind: fixed
  location: harbour
  state: { open: false, locked: true }
  key: brass-key
- id: brass-key
  name: brass key
  holder: mara
- id: crate
  name: crate
  kind: interactive
  location: harbour
  container: true
  state: { open: true }
- id: ledger
  name: ledger
  in: crate
  owner: mara
  hidden: true
`,
  'world/environment.yaml': `time: "9:15 PM"
weather: fog
tension: 0.3
flags: { public_awareness: none }
`,
};

describe('a pack world/ folder', () => {
  it('loads into a sound world state that actions run against', async () => {
    const { pack, diagnostics } = await loadPack(await writePack(WORLD_FILES), { appVersion: APP_VERSION });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    if (pack === null) throw new Error('pack did not load');
    expect(pack.world?.objects.map((o) => o.id)).toEqual(['tavern-door', 'brass-key', 'crate', 'ledger']);
    const state = worldFromPack(pack.locations, pack.world, [
      { id: 'mara', name: 'Mara', location: 'harbour' },
      { id: 'captain', name: 'Ilse', location: 'harbour' },
    ]);
    expect(checkWorldState(state)).toEqual([]);
    expect(state.locations['harbour']).toMatchObject({
      zone: 'docks',
      lighting: 'dim',
      connections: [{ to: 'tavern', cost: 5, door: 'tavern-door' }],
    });
    expect(state.environment).toMatchObject({ minuteOfDay: 1275, weather: 'fog', tension: 0.3 });
    expect(phaseOfDay(state.environment.minuteOfDay)).toBe('night');
    expect(applyAction(state, { type: 'move', agent: 'captain', to: 'tavern' })).toMatchObject({
      ok: false,
      reason: 'The tavern door is closed and locked.',
    });
    expect(applyAction(state, { type: 'unlock', agent: 'mara', object: 'tavern-door' })).toMatchObject({ ok: true });
  });

  it('is optional: a pack without one has no world', async () => {
    const { pack } = await loadPack(await writePack(), { appVersion: APP_VERSION });
    expect(pack).not.toBeNull();
    expect(pack?.world).toBeUndefined();
  });

  async function problems(files: Readonly<Record<string, string>>): Promise<string[]> {
    const { pack, diagnostics } = await loadPack(await writePack({ ...WORLD_FILES, ...files }), {
      appVersion: APP_VERSION,
    });
    return [
      ...(pack === null ? ['(no pack)'] : []),
      ...diagnostics.map((d) => `${d.severity} ${d.file}: ${d.message}`),
    ];
  }

  it('reports references that do not resolve', async () => {
    const found = await problems({
      'world/objects.yaml': `- id: lamp
  name: lamp
  location: lighthouse
- id: coin
  name: coin
  holder: nobody
`,
    });
    expect(found[0]).toBe('(no pack)');
    expect(found.some((m) => m.startsWith('error world/objects.yaml: unknown location "lighthouse"'))).toBe(true);
    expect(found.some((m) => m.startsWith('error world/objects.yaml: unknown character or persona "nobody"'))).toBe(
      true,
    );
    expect(found.some((m) => m.startsWith('error world/locations.yaml: unknown object "tavern-door"'))).toBe(true);
  });

  it('reports an object placed twice, and a misnamed world file', async () => {
    const found = await problems({
      'world/objects.yaml': `- id: coin
  name: coin
  location: harbour
  holder: mara
`,
      'world/enviroment.yaml': 'weather: fog\n',
    });
    expect(found.some((m) => m.includes('exactly one of location, holder or in'))).toBe(true);
    expect(found.some((m) => m.startsWith('warning world/enviroment.yaml: not a world file'))).toBe(true);
  });
});
