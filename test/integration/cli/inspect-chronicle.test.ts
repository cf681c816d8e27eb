import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChronicleView } from '../../../engine/api/index.ts';
import { initialNpcState, NPC_STATE_CHECKPOINT } from '../../../engine/boundary/index.ts';
import {
  chronicleStateSchema,
  inWorldMinutes,
  simulationStateSchema,
  type ChronicleState,
  type SimulationState,
} from '../../../engine/npc/index.ts';
import { characterSchema } from '../../../engine/pack/index.ts';
import { CREATIONS_CHECKPOINT } from '../../../engine/store/index.ts';
import { SCENE_OPENINGS_CHECKPOINT } from '../../../engine/turn/index.ts';
import { cli, replayArrival } from '../../support/cli.ts';
import { lanternQuay } from '../../support/packs.ts';
import { commitCheckpoints, openTestSave } from '../../support/saves.ts';

const at = (text: string) => inWorldMinutes(text) ?? 0;
const WARNING = 'Hale sends a tide-waiter with a note inviting the stranger to the Custom House';
const SLOWER = 'Crane wants to ask the stranger, privately, what a pardon would cost';

const simulation: SimulationState = simulationStateSchema.parse({
  version: 1,
  cycle: 1,
  lastSimulated: { 'ambrose-hale': at('1768-09-29T22:10'), 'magdalen-rook': at('1768-09-29T22:10') },
  cycles: [
    {
      cycle: 1,
      at: at('1768-09-29T22:10'),
      events: [
        { when: at('1768-09-29T22:10'), where: 'custom-house', event: 'Lamps burned late at the Custom House.' },
      ],
    },
  ],
  pending: [
    {
      id: 'ambrose-hale@1',
      character: 'ambrose-hale',
      urgency: 'high',
      what: WARNING,
      raisedAt: at('1768-09-29T22:10'),
      cycle: 1,
    },
    {
      id: 'silas-crane@1',
      character: 'silas-crane',
      urgency: 'medium',
      what: SLOWER,
      raisedAt: at('1768-09-29T22:10'),
      cycle: 1,
    },
  ],
  situations: {
    'ambrose-hale': {
      location: 'quay',
      activity: 'walking the quay to be seen',
      emotional_state: 'brittle',
      at: at('1768-09-30T04:10'),
    },
  },
});

const chronicle: ChronicleState = chronicleStateSchema.parse({
  version: 1,
  cycle: 1,
  at: at('1768-09-29T22:20'),
  story_state: {
    dramatic_questions: [{ question: 'What became of Thomas Pell?', tension_level: 'high' }],
    world_momentum: [{ name: 'The Michaelmas gale', status: 'Rising', trajectory: 'accelerating' }],
  },
  writer_guidance: { manifesting_now: ['A shutter tears loose in the gale.'], tonal_direction: 'Tightening.' },
});

/** What a turn's creation requests left: a boatman and a back room (whose name the pack's chapel already took). */
const created = {
  version: 1,
  made: [
    { kind: 'character', id: 'ned-tolly', name: 'Ned Tolly', turn: 2, scene: 1, why: 'someone rows the boats out' },
    { kind: 'location', id: 'chapel-2', name: 'Chapel', turn: 2, scene: 1, why: 'a place for private talk' },
  ],
  characters: [
    characterSchema.parse({
      id: 'ned-tolly',
      name: 'Ned Tolly',
      description: 'A broad boatman.',
      location: 'drowned-lantern',
      tier: 'background',
    }),
  ],
  locations: [
    { id: 'chapel-2', name: 'Chapel', description: 'A back room.', connections: [{ to: 'drowned-lantern' }] },
  ],
  objects: [],
};

const standings = {
  version: 1,
  sides: [{ from: 'ambrose-hale', to: 'silas-crane', values: { fear: 0.7, trust: -0.2 }, why: 'Crane knows too much' }],
};

let home: string;
let save: string;
beforeAll(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'storyloom-cli-chronicle-'));
  save = await replayArrival(home);
  const pack = await lanternQuay();
  const store = await openTestSave(path.join(home, 'saves', save), 'write');
  try {
    // One more turn whose checkpoints are what a scene boundary and one scene opening would have left.
    commitCheckpoints(store, 'test: a scene boundary', [
      { kind: NPC_STATE_CHECKPOINT, data: { ...initialNpcState(pack), simulation, chronicle, standings } },
      { kind: SCENE_OPENINGS_CHECKPOINT, data: { 'ambrose-hale@1': 1, 'silas-crane@1': 1 } },
      { kind: CREATIONS_CHECKPOINT, data: created },
    ]);
  } finally {
    store.close();
  }
});

afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

describe('storyloom inspect <save> chronicle', () => {
  it('prints the story state, the writer guidance with manifesting_now mandatory, the last cycle, who seeks the player, and each character’s tier', async () => {
    const { code, stdout, stderr } = await cli('--home', home, 'inspect', save, 'chronicle');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('Dramatic questions:\n    - What became of Thomas Pell? [high]');
    expect(stdout).toContain('The Michaelmas gale: Rising [accelerating]');
    expect(stdout).toContain('Manifesting now (mandatory):\n    - A shutter tears loose in the gale.');
    expect(stdout).toContain('Last simulation: cycle 1, from 1768-09-29 22:10');
    expect(stdout).toContain(`[high] Ambrose Hale: ${WARNING} (offered 1×, spent)`);
    expect(stdout).toContain(`[medium] Silas Crane: ${SLOWER} (offered 1×)`);
    expect(stdout).toContain(
      'ambrose-hale (arc_important), simulated 1768-09-29 22:10 — quay; walking the quay to be seen; brittle',
    );
    expect(stdout).toContain('kit-wickett (significant), never simulated');
    // Each character's own side of its relationships, strong ones marked (the planner's +2).
    expect(stdout).toContain('    stands with silas-crane: fear +0.70, trust −0.20 (strong) — Crane knows too much');
    // What the story created: its characters marked among the pack's, and everything listed with the Narrator's reason.
    expect(stdout).toContain('ned-tolly (background, created by the story in turn 2), never simulated');
    expect(stdout).toContain('kit-wickett (significant), never simulated');
    expect(stdout).toContain(
      'Created by the story:\n  character ned-tolly "Ned Tolly" (turn 2): someone rows the boats out\n  location chapel-2 "Chapel" (turn 2): a place for private talk',
    );
  });

  it('gives the same view as JSON', async () => {
    const { code, stdout } = await cli('--home', home, 'inspect', save, 'chronicle', '--json');
    expect(code).toBe(0);
    const view: ChronicleView = JSON.parse(stdout);
    expect(view.chronicle?.writer_guidance.manifesting_now).toEqual(['A shutter tears loose in the gale.']);
    expect(view.pending.map((item) => [item.character, item.spent])).toEqual([
      ['ambrose-hale', true],
      ['silas-crane', false],
    ]);
    expect(view.characters.find((character) => character.id === 'silas-crane')).toMatchObject({
      tier: 'arc_important',
      lastSimulated: null,
    });
  });

  it('says so when no scene boundary has finished as of an earlier turn', async () => {
    const { stdout } = await cli('--home', home, 'inspect', save, 'chronicle', '--turn', '1');
    expect(stdout).toContain('Chronicle — no scene boundary has finished yet');
    expect(stdout).toContain('Created by the story: (nothing yet)');
    expect(stdout).toContain('Story state: (the Chronicler has not run yet)');
  });
});
