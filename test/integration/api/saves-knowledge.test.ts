import { afterEach, describe, expect, it } from 'vitest';
import { createInterpretingProvider } from '../../support/interpreting-provider.ts';
import { startPlay, unwrap, type PlaySetup } from '../../support/playthrough.ts';

let setup: PlaySetup | null = null;
afterEach(async () => {
  await setup?.cleanup();
  setup = null;
});

async function oneTurnInTheTavern() {
  const fake = createInterpretingProvider();
  setup = await startPlay(async () => fake.provider);
  const { api } = setup;
  const save = unwrap(await api['saves.create']({ packId: 'lantern-quay', seed: 16 }));
  unwrap(await api['play.submit']({ saveId: save.id, text: 'I shake the rain off my coat.' }));
  return { api, saveId: save.id };
}

describe('saves.knowledge', () => {
  it("serves the World KG with every entry's provenance, and the size of every graph", async () => {
    const { api, saveId } = await oneTurnInTheTavern();
    const view = unwrap(await api['saves.knowledge']({ id: saveId, graph: 'world' }));
    expect(view).toMatchObject({ turn: 1, graph: 'world', owner: null });
    expect(view.entries.length).toBe(view.sizes.world);
    const quay = view.entries.find((entry) => entry.text.startsWith('Lantern Quay: '));
    expect(quay).toMatchObject({ source: 'pack', ref: null, kind: 'fact', time: '1768-09-29 21:30' });
    expect(quay?.tags).toContain('lore');
  });

  it("serves a character's own graph, and the persona's, each on its own", async () => {
    const { api, saveId } = await oneTurnInTheTavern();
    const kit = unwrap(await api['saves.knowledge']({ id: saveId, graph: 'kit-wickett' }));
    expect(kit).toMatchObject({ graph: 'character', owner: 'kit-wickett' });
    expect(kit.entries.every((entry) => entry.source !== 'pack')).toBe(true);
    const persona = unwrap(await api['saves.knowledge']({ id: saveId, graph: 'persona' }));
    expect(persona).toMatchObject({ graph: 'persona', owner: 'sam-fairweather' });
  });

  it('refuses a graph that does not exist and a turn the save does not have, as invalid_params values', async () => {
    const { api, saveId } = await oneTurnInTheTavern();
    expect(await api['saves.knowledge']({ id: saveId, graph: 'nobody' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_params' },
    });
    expect(await api['saves.knowledge']({ id: saveId, graph: 'world', turn: 9 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_params', message: 'This save has no turn 9 yet (it has 1).' },
    });
  });
});
