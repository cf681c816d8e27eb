import { afterEach, describe, expect, it } from 'vitest';
import { createInterpretingProvider } from '../../support/interpreting-provider.ts';
import { startPlay, unwrap, type PlaySetup } from '../../support/playthrough.ts';

let setup: PlaySetup | null = null;
afterEach(async () => {
  await setup?.cleanup();
  setup = null;
});

const BADGE_FACT = 'The stranger off the night coach carries the badge of the Board of Customs';

async function toTheHarbourOffice() {
  const fake = createInterpretingProvider();
  setup = await startPlay(async () => fake.provider);
  const { api } = setup;
  const save = unwrap(await api['saves.create']({ packId: 'lantern-quay', seed: 16 }));
  const play = async (text: string) => unwrap(await api['play.submit']({ saveId: save.id, text }));
  await play('I step out onto the quay.');
  await play('I walk along the quay to the harbour office.');
  return { fake, api, saveId: save.id, play };
}

describe('the Storykeeper in the turn', () => {
  it('releases a gate’s facts to the Narrator in the very turn the gate opens, and never before', async () => {
    const game = await toTheHarbourOffice();
    const before = game.fake.prompts.filter((prompt) => prompt.stage === 'narrator');
    expect(before.length).toBeGreaterThan(0);
    expect(before.some((prompt) => prompt.text.includes(BADGE_FACT))).toBe(false);

    await game.play('I show Silas Crane my brass badge.');
    const narrator = game.fake.lastPrompt('narrator');
    expect(narrator).toMatch(/What matters now \(let it colour the telling; never quote it, never name it\):\n/u);
    expect(narrator).toContain(`- (now known) ${BADGE_FACT}`);
    const persona = game.fake.prompts.findLast(
      (prompt) => prompt.stage === 'narrator' && prompt.text.includes('Intention to resolve — Sam Fairweather'),
    );
    expect(persona?.text).toMatch(/As the world understood it: show the brass badge\.\n(?:.*\n)*Intention to resolve/u);
    // A mass or a gate condition never reaches the Narrator, only the story's own words.
    expect(narrator).not.toMatch(/\bmass\b|\bpull\b|sam_is_the_boards_man/u);
  });

  it('shows the landscape of a turn with the strongest pull of each turn so far (saves.landscape)', async () => {
    const game = await toTheHarbourOffice();
    await game.play('I show Silas Crane my brass badge.');
    const view = unwrap(await game.api['saves.landscape']({ id: game.saveId }));
    expect(view.turn).toBe(3);
    expect(view.location).toBe('harbour-office');
    expect(view.history.map((entry) => entry.turn)).toEqual([0, 1, 2, 3]);
    expect(view.history.at(-1)).toEqual({
      turn: 3,
      attractor: view.strongestAttractor?.id ?? null,
      pull: view.strongestAttractor?.pull ?? 0,
    });
    expect(view.gates.find((gate) => gate.id === 'sam_is_the_boards_man')).toMatchObject({ open: true, fired: true });
    const earlier = unwrap(await game.api['saves.landscape']({ id: game.saveId, turn: 1 }));
    expect(earlier.gates.find((gate) => gate.id === 'sam_is_the_boards_man')?.open).toBe(false);
  });

  it('shows how the retrieved tier was chosen (saves.context), and refuses a turn the save does not have', async () => {
    const game = await toTheHarbourOffice();
    await game.play('I show Silas Crane my brass badge.');
    const view = unwrap(await game.api['saves.context']({ id: game.saveId, turn: 3 }));
    expect(view).toMatchObject({ turn: 3, classified: true, budget: 600 });
    expect(view.candidates.find((candidate) => candidate.id === 'revelation:sam_is_the_boards_man')).toMatchObject({
      mandatory: true,
      selected: true,
      boundary: 'known',
    });
    const withheld = view.candidates.filter((candidate) => candidate.boundary === 'withheld');
    expect(withheld.length).toBeGreaterThan(0);
    expect(withheld.every((candidate) => !candidate.selected && candidate.text === '')).toBe(true);
    const beyond = await game.api['saves.context']({ id: game.saveId, turn: 9 });
    expect(beyond).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
  });
});
