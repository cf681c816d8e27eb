import type {
  ContextCandidate,
  NarrativeGraph,
  NarrativeOracles,
  NarrativePosition,
} from '../../../engine/storykeeper/index.ts';
import { NO_FLAGS, oracles, scene } from './fixtures.ts';

/** Vretil at chapter 16: Chris at a New Mexico motel, the cave at full mass, the fairy tale bleeding through. */
export const VRETIL: NarrativeGraph = {
  scenes: [
    scene('prologue', { setting: 'boston' }),
    scene('motel', {
      setting: 'motel',
      exitConditions: [{ id: 'leave', when: ['Rested(chris)'], leadsTo: ['sarah_meeting', 'road_south'] }],
    }),
    scene('sarah_meeting', {
      type: 'gravitational',
      baseMass: 1.2,
      setting: 'diner',
      requiredCast: [{ entity: 'sarah', relation: 'Knows(chris,sarah)' }],
    }),
    scene('road_south', { baseMass: 0.5, setting: 'road' }),
    scene('cave', {
      type: 'gravitational',
      baseMass: 1.5,
      flags: {
        ...NO_FLAGS,
        convergencePoint: true,
        thresholdScene: true,
        requiredForStory: true,
        emotionalHinge: true,
      },
      setting: 'cave_mouth',
      requiredCast: [{ entity: 'old_woman', relation: 'Knows(chris,old_woman)' }],
      contingentCast: ['prophet'],
      thematicRegister: ['sacrifice', 'transformation', 'darkness'],
      gates: ['old_woman_voice', 'knife'],
      approachVectors: [
        {
          id: 'south',
          conditions: [
            { proposition: 'Carries(chris,photographs)', weight: 1 },
            { proposition: 'Knows(chris,prophet)', weight: 1 },
          ],
          emotionalTarget: 'Feels(chris,clarity)',
        },
      ],
    }),
    scene('restaurant', {
      baseMass: 3,
      setting: 'boston',
      approachVectors: [{ id: 'home', conditions: [{ proposition: 'Returned(chris,boston)', weight: 1 }] }],
    }),
    scene('mountain_crossing', { setting: 'fairy_mountains' }),
  ],
  subGraphs: [
    {
      id: 'fairy_tale',
      scenes: ['mountain_crossing'],
      baseMass: 0.2,
      completionBonus: 0.5,
      thematicResonance: ['mountain', 'bell_blossom'],
      // Input 1 lands at 0.1 + 0.9 · σ(ln 3.5) = 0.8: Phase 4, boundaries collapsing.
      permeability: { min: 0.1, max: 1, steepness: Math.log(3.5), midpoint: 0 },
      drivers: [{ proposition: 'Dreamt(chris,fire)', weight: 1 }],
    },
    {
      id: 'letters',
      scenes: [],
      baseMass: 2,
      completionBonus: 0,
      thematicResonance: ['sacrifice'],
      permeability: { min: 1, max: 1, steepness: 1, midpoint: 0 },
      drivers: [],
    },
  ],
  prophecies: [
    { id: 'fire_dream', source: 'fairy_tale:fire', targetScene: 'cave', type: 'imagery', magnitude: 0.5, decay: 0 },
  ],
  bridgeObjects: [{ id: 'datura', object: 'glass_flower', subGraphs: ['fairy_tale'], themes: ['bell_blossom'] }],
};

export const CHAPTER_16_POSITION: NarrativePosition = {
  turn: 16,
  currentScene: 'motel',
  location: 'motel',
  completedScenes: ['prologue'],
  // Two visits: 0.3, then 0.39 ÷ 1.3 = 0.3; with the base 0.2, collective mass 0.8.
  subGraphProgress: {
    fairy_tale: {
      visits: [
        { turn: 5, intensity: 0.3 },
        { turn: 11, intensity: 0.39 },
      ],
      active: false,
      completed: false,
    },
  },
  prophecyCastAt: { fire_dream: 11 },
  presentObjects: ['glass_flower', 'table'],
};

export const CHAPTER_16_ORACLES: NarrativeOracles = oracles(
  { 'Carries(chris,photographs)': 1, 'Dreamt(chris,fire)': 1, 'Feels(chris,clarity)': 0.6 },
  [],
  { 'motel>diner': 5, 'motel>road': 30, 'motel>cave_mouth': 45 },
);

const candidate = (id: string, fields: Partial<ContextCandidate>): ContextCandidate => ({
  id,
  source: 'gravitational',
  text: id,
  tokens: 50,
  relevance: 0.7,
  boundary: 'known',
  ageTurns: 0,
  links: {},
  ...fields,
});

export const CHAPTER_16_CANDIDATES: readonly ContextCandidate[] = [
  candidate('sarah', { source: 'entity', relevance: 1, tokens: 150, mandatory: true, links: { entities: ['sarah'] } }),
  candidate('cave', { tokens: 120, links: { scenes: ['cave'] } }),
  candidate('datura', { source: 'sub_graph', tokens: 80, links: { objects: ['datura'] } }),
  candidate('fire_dream', { source: 'sub_graph', relevance: 0.5, tokens: 70, links: { prophecies: ['fire_dream'] } }),
  candidate('letters_echo', { source: 'echo', relevance: 0.6, tokens: 60, links: { themes: ['sacrifice'] } }),
  candidate('knife_secret', { relevance: 1, boundary: 'hard_boundary', mandatory: true, links: { scenes: ['cave'] } }),
  candidate('stale_backstory', { source: 'entity', relevance: 0.3, ageTurns: 30 }),
];
