import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KnowledgeGraphView } from '../../../engine/api/index.ts';
import { NPC_STATE_CHECKPOINT } from '../../../engine/boundary/index.ts';
import { inWorldMinutes, recordKnowledge, recordWorldEvents } from '../../../engine/npc/index.ts';
import { npcStateForTurn } from '../../../engine/turn/turn-knowledge.ts';
import { cli, replayArrival } from '../../support/cli.ts';
import { lanternQuay } from '../../support/packs.ts';
import { commitCheckpoints, openTestSave } from '../../support/saves.ts';

const MEMORY = 'The stranger showed me a badge with a crowned anchor, and I pretended not to know it.';
const FIRE = 'Smoke rose over the King’s Warehouse before dawn.';

let home: string;
let save: string;
let lastTurn: number;
// Lantern Quay's arrival, then one more turn whose npc_state holds a reflection of Kit's and a world event, as a scene
// boundary would have written them.
beforeAll(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'storyloom-cli-kg-'));
  save = await replayArrival(home);
  const pack = await lanternQuay();
  const store = await openTestSave(path.join(home, 'saves', save), 'write');
  try {
    const npc = npcStateForTurn(store, pack);
    const when = inWorldMinutes('1768-09-29T22:10') ?? 0;
    let knowledge = recordKnowledge(npc.knowledge, { kind: 'character', id: 'kit-wickett' }, [
      {
        kind: 'memory',
        text: MEMORY,
        time: when,
        place: 'drowned-lantern',
        entities: ['sam-fairweather'],
        salience: 8,
        tags: ['reflection'],
        provenance: { source: 'character-reflection', ref: 'turn 6' },
      },
    ]);
    knowledge = recordWorldEvents(knowledge, [{ when, where: 'custom-house', event: FIRE }], {
      source: 'simulation',
      ref: 'cycle 1',
    });
    const committed = commitCheckpoints(store, 'test: a scene boundary', [
      { kind: NPC_STATE_CHECKPOINT, data: { ...npc, knowledge } },
    ]);
    lastTurn = committed.turn.number;
  } finally {
    store.close();
  }
});
afterAll(() => rm(home, { recursive: true, force: true }));

describe('storyloom inspect <save> kg', () => {
  it("prints a character's graph with each entry's time, place, salience, provenance, entities and tags", async () => {
    const { code, stdout } = await cli('--home', home, 'inspect', save, 'kg', 'kit-wickett');
    expect(code).toBe(0);
    expect(stdout).toMatch(
      new RegExp(`^Character KG of kit-wickett after turn ${lastTurn} — \\d+ entr(y|ies)\\n`, 'u'),
    );
    expect(stdout).toContain(
      '· salience 8 · 1768-09-29 22:10 at drowned-lantern · from character-reflection, turn 6 · about sam-fairweather · tags reflection\n' +
        `      ${MEMORY}\n`,
    );
    expect(stdout).not.toContain(FIRE);
  });

  it("prints the World KG as JSON: the pack's lore and what the world saw, never a character's memory", async () => {
    const { code, stdout } = await cli('--home', home, 'inspect', save, 'kg', 'world', '--json');
    expect(code).toBe(0);
    const view = JSON.parse(stdout) as KnowledgeGraphView;
    expect(view).toMatchObject({ turn: lastTurn, graph: 'world', owner: null });
    expect(view.entries).toContainEqual(expect.objectContaining({ text: FIRE, source: 'simulation', ref: 'cycle 1' }));
    expect(view.entries.some((entry) => entry.source === 'pack' && entry.text.startsWith('Lantern Quay: '))).toBe(true);
    expect(view.entries.some((entry) => entry.text === MEMORY)).toBe(false);
    expect(view.sizes.characters['kit-wickett']).toBeGreaterThan(0);
  });

  it('shows a graph as it stood at an earlier turn', async () => {
    const { code, stdout } = await cli('--home', home, 'inspect', save, 'kg', 'world', '--turn', '1', '--json');
    expect(code).toBe(0);
    const view = JSON.parse(stdout) as KnowledgeGraphView;
    expect(view.turn).toBe(1);
    expect(view.entries.some((entry) => entry.text === FIRE)).toBe(false);
  });

  it("prints the persona's graph by name or id, without the characters' memories", async () => {
    const byName = await cli('--home', home, 'inspect', save, 'kg', 'persona');
    expect(byName.code).toBe(0);
    expect(byName.stdout).toMatch(/^Persona KG of sam-fairweather after turn \d+/u);
    expect(byName.stdout).not.toContain(MEMORY);
    const byId = await cli('--home', home, 'inspect', save, 'kg', 'sam-fairweather');
    expect(byId.stdout).toBe(byName.stdout);
  });

  it('names the graphs there are when asked for one that is not, and asks for one when none is named', async () => {
    const unknown = await cli('--home', home, 'inspect', save, 'kg', 'nobody');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('There is no knowledge graph "nobody"; name one of: world, persona, ');
    expect(unknown.stderr).toContain('kit-wickett');
    const none = await cli('--home', home, 'inspect', save, 'kg');
    expect(none.code).not.toBe(0);
    expect(none.stderr).toContain('name a knowledge graph: world, persona or a character id');
  });
});
