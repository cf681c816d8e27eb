import type { ContextView, LandscapeSceneView, LandscapeView } from '../../../engine/api/index.ts';

function scene(id: string, title: string, state: string, distance: number, pull: number): LandscapeSceneView {
  return {
    id,
    title,
    type: 'gate',
    setting: 'harbour',
    state,
    mass: {
      base: 0.6,
      structural: 0.15,
      structuralParts: [{ reason: 'gates', amount: 0.15 }],
      approach: 0.1,
      approachSatisfaction: 0.5,
      bestApproach: null,
      total: 0.85,
    },
    distance: {
      information: 0.5,
      emotional: 0,
      relational: 0,
      physical: 0.05,
      weights: { information: 0.5, emotional: 0.1, relational: 0.2, physical: 0.2 },
      total: distance,
    },
    pull,
    gates: [],
    exits: [],
  };
}

/** Turn 3 of a harbour story: the player in the tavern, the crypt pulling hardest, a tale within the tale. */
export function landscapeView(extra: Partial<LandscapeView> = {}): LandscapeView {
  return {
    turn: 3,
    location: 'tavern',
    currentScene: 'tavern',
    completedScenes: [],
    scenes: [
      scene('tavern', 'The tavern', 'active', 0.02, 0),
      scene('crypt', 'The crypt at first light', 'attracting', 0.5, 6.4),
      scene('cove', 'The landing at the cove', 'dormant', 1.3, 0.04),
    ],
    strongestAttractor: { id: 'crypt', pull: 6.4 },
    attractors: [
      { id: 'crypt', pull: 6.4 },
      { id: 'cove', pull: 0.04 },
    ],
    gates: [{ id: 'what_kit_saw', open: true, predicateHolds: true, fired: true, knownBy: ['player'] }],
    subGraphs: [
      {
        id: 'hesters-lights',
        collectiveMass: 0.8,
        permeabilityInput: 0.9,
        permeability: 0.7,
        contribution: 0.56,
        engaged: true,
        visits: 1,
        bridges: [],
      },
    ],
    prophecies: [{ id: 'two-lanterns', type: 'omen', source: 'tavern', targetScene: 'crypt', magnitude: 0.5 }],
    bridges: [],
    history: [
      { turn: 1, attractor: null, pull: 0 },
      { turn: 2, attractor: 'cove', pull: 3.2 },
      { turn: 3, attractor: 'crypt', pull: 6.4 },
    ],
    ...extra,
  };
}

/** Turn 2's retrieved tier: one candidate selected, one withheld by a gate, one too weak to keep. */
export function contextView(extra: Partial<ContextView> = {}): ContextView {
  const factors = { relevance: 0.7, modifier: 1.63, boundary: 1, recency: 1, temperature: 1 };
  return {
    turn: 2,
    classified: true,
    budget: 600,
    tokens: 120,
    overBudget: 0,
    candidates: [
      {
        id: 'gravity:crypt',
        source: 'gravitational',
        text: 'Themes gathering weight: justice, burial.',
        tokens: 120,
        boundary: 'known',
        factors,
        score: 1.141,
        mandatory: false,
        selected: true,
        dropped: null,
      },
      {
        id: 'revelation:what_kit_saw',
        source: 'revelation',
        text: '',
        tokens: 3,
        boundary: 'withheld',
        factors: { ...factors, boundary: 0 },
        score: 0,
        mandatory: false,
        selected: false,
        dropped: 'information_boundary',
      },
      {
        id: 'gravity:cove',
        source: 'gravitational',
        text: 'Surf loud on shingle.',
        tokens: 60,
        boundary: 'known',
        factors: { ...factors, relevance: 0.021 },
        score: 0.026,
        mandatory: false,
        selected: false,
        dropped: 'below_minimum',
      },
    ],
    ...extra,
  };
}
