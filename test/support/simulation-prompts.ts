import type { SimulatedCharacterSheet, SimulationPeriod } from '../../engine/prompts/index.ts';

/** What the simulation templates' tests render with: a story, a period and a sheet whose private parts are marked. */
export const STORY = { title: 'Lantern Quay', description: 'A smugglers’ port over one long night.' };

export const PERIOD: SimulationPeriod = {
  from: '1768-09-29 22:10',
  until: '1768-09-30 04:10',
  length: '6h',
  why: 'the default period (6h)',
};

/** A character's sheet; what only it may see is marked with its name in capitals (`NAME-SECRET` …). */
export const simulatedSheet = (id: string, name: string): SimulatedCharacterSheet => ({
  id,
  name,
  description: `${name}, as anyone sees them.`,
  personality: 'Watchful.',
  faction: 'free-trade',
  goals: [`${name} wants the tide to be kind.`],
  routine: ['22:00–22:30 at The Quay: walks'],
  states: 'watchful of strangers (mood, 12)',
  situation: 'at The Drowned Lantern',
  standing: `${name.toUpperCase()}-STANDING`,
  secrets: [`${name.toUpperCase()}-SECRET`],
  knowledge: { world: ['WORLD-FACT'], own: [`${name.toUpperCase()}-MEMORY`] },
});
