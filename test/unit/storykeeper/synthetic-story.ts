import {
  SCENE_TYPES,
  type NarrativeGraph,
  type NarrativeOracles,
  type NarrativePosition,
  type Scene,
} from '../../../engine/storykeeper/index.ts';

/** A seeded generator (mulberry32), so every benchmark run measures the same story. */
export function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const THEMES = [
  'sacrifice',
  'grief',
  'desert',
  'fire',
  'home',
  'betrayal',
  'dream',
  'debt',
  'water',
  'oath',
  'mask',
  'seed',
];
const LOCATIONS = 40;
const PROPOSITIONS = 300;
export const ENTITIES = 30;

/** A story of `size` scenes with gates, approaches, exits, sub-graphs, prophecies and bridge objects. */
export function syntheticStory(size: number, seed = 7): NarrativeGraph {
  const random = rng(seed);
  const int = (below: number) => Math.floor(random() * below);
  const some = <T>(count: number, make: (i: number) => T): T[] => Array.from({ length: count }, (_, i) => make(i));
  const scenes = some(size, (i): Scene => ({
    id: `scene${i}`,
    title: `Scene ${i}`,
    type: SCENE_TYPES[i % SCENE_TYPES.length] ?? 'connective',
    baseMass: 0.5 + random() * 1.5,
    flags: {
      convergencePoint: random() < 0.1,
      thresholdScene: random() < 0.1,
      requiredForStory: random() < 0.2,
      emotionalHinge: random() < 0.1,
      branchPoint: random() < 0.1,
    },
    setting: `loc${int(LOCATIONS)}`,
    requiredCast: some(1 + int(3), () => ({
      entity: `npc${int(ENTITIES)}`,
      relation: `Knows(player,npc${int(ENTITIES)})`,
    })),
    contingentCast: some(int(4), () => `npc${int(ENTITIES)}`),
    thematicRegister: some(1 + int(3), () => THEMES[int(THEMES.length)] ?? 'grief'),
    tonalSignature: 'taut',
    stakes: 'what is owed',
    approachVectors: some(1 + int(3), (v) => ({
      id: `scene${i}_v${v}`,
      conditions: some(2 + int(3), () => ({ proposition: `P${int(PROPOSITIONS)}`, weight: 0.5 + random() })),
      ...(random() < 0.5 && { emotionalTarget: `Feels(player,${THEMES[int(THEMES.length)] ?? 'grief'})` }),
    })),
    exitConditions: [
      { id: `scene${i}_exit`, when: [`P${int(PROPOSITIONS)}`], leadsTo: [`scene${int(size)}`, `scene${int(size)}`] },
    ],
    gates: some(int(5), (g) => `gate${i}_${g}`),
  }));
  const subGraphCount = Math.max(1, Math.floor(size / 20));
  return {
    scenes,
    subGraphs: some(subGraphCount, (s) => ({
      id: `tale${s}`,
      scenes: some(3 + int(3), () => `scene${int(size)}`),
      baseMass: 0.2 + random() * 0.5,
      completionBonus: 0.3,
      thematicResonance: some(2, () => THEMES[int(THEMES.length)] ?? 'dream'),
      permeability: { min: 0.1, max: 1, steepness: 4, midpoint: 1 },
      drivers: some(2 + int(2), () => ({ proposition: `P${int(PROPOSITIONS)}`, weight: random() })),
    })),
    prophecies: some(Math.max(1, Math.floor(size / 10)), (p) => ({
      id: `prophecy${p}`,
      source: `tale${int(subGraphCount)}`,
      targetScene: `scene${int(size)}`,
      type: 'imagery',
      magnitude: 0.2 + random() * 0.6,
      decay: random() * 0.1,
    })),
    bridgeObjects: some(5, (b) => ({
      id: `bridge${b}`,
      object: `obj${b}`,
      subGraphs: [`tale${int(subGraphCount)}`],
      themes: [],
    })),
  };
}

/** Play part-way through: a third of the propositions held, half the gates open, every sub-graph visited. */
export function syntheticPlay(
  graph: NarrativeGraph,
  seed = 11,
): { position: NarrativePosition; oracles: NarrativeOracles } {
  const random = rng(seed);
  const held = new Map<string, number>();
  for (let p = 0; p < PROPOSITIONS; p++) if (random() < 0.33) held.set(`P${p}`, random() < 0.7 ? 1 : random());
  for (const theme of THEMES) held.set(`Feels(player,${theme})`, random());
  for (let e = 0; e < ENTITIES; e++) if (random() < 0.5) held.set(`Knows(player,npc${e})`, 1);
  const open = new Set(graph.scenes.flatMap((scene) => scene.gates.filter(() => random() < 0.5)));
  const position: NarrativePosition = {
    turn: 40,
    currentScene: graph.scenes[0]?.id ?? null,
    location: graph.scenes[0]?.setting ?? null,
    completedScenes: graph.scenes.slice(1, 1 + Math.floor(graph.scenes.length / 10)).map((scene) => scene.id),
    subGraphProgress: Object.fromEntries(
      graph.subGraphs.map((sub) => [
        sub.id,
        { visits: [{ turn: 10, intensity: 0.4 }], active: false, completed: false },
      ]),
    ),
    prophecyCastAt: Object.fromEntries(graph.prophecies.map((prophecy, i) => [prophecy.id, 20 + i])),
    presentObjects: ['obj0', 'obj3'],
  };
  const oracles: NarrativeOracles = {
    holds: (proposition) => held.get(proposition) ?? 0,
    isGateSatisfied: (gate) => open.has(gate),
    travelCost: (from, to) => {
      const distance = Math.abs(Number(from.slice(3)) - Number(to.slice(3)));
      return distance > 30 ? null : distance * 3;
    },
  };
  return { position, oracles };
}
