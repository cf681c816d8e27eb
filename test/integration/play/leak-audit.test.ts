import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPack } from '../../../engine/pack/index.ts';
import { openSave } from '../../../engine/store/index.ts';
import { manualClock } from '../../../engine/platform/testing.ts';
import { truthAt } from '../../../engine/turn/index.ts';
import { npcStateForTurn } from '../../../engine/turn/turn-knowledge.ts';
import { auditGuardedFacts, auditKnowledge, auditPrompt } from '../../support/leak-audit.ts';
import { replayFixture, STORIES_DIR, type FixtureRun } from '../../support/playthrough.ts';

const fixtures = readdirSync(STORIES_DIR).flatMap((pack) => {
  const dir = path.join(STORIES_DIR, pack, 'fixtures');
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.inputs'))
        .map((f) => [pack, f.slice(0, -'.inputs'.length)] as const)
    : [];
});
const runs: FixtureRun[] = [];
afterAll(async () => {
  for (const run of runs) await run.setup.cleanup();
});

describe('the leak audit', () => {
  it.each(fixtures)('finds nothing in any stage prompt of %s / %s', async (packId, name) => {
    const run = await replayFixture(packId, name);
    runs.push(run);
    const { pack } = await loadPack(path.join(STORIES_DIR, packId), { appVersion: '0.1.0' });
    if (pack === null) throw new Error(`${packId} does not load`);
    const store = await openSave(path.join(run.setup.home, 'saves', run.saveId), {
      clock: manualClock(),
      appVersion: '0.1.0',
    });
    const stream = store.messagesBefore(null, 100_000);
    const turns = store.turns();
    const calls = turns.flatMap((turn) => store.stageCalls(turn.id).map((call) => ({ call, turn: turn.number })));
    const truths = new Map(
      turns.map((turn) => [turn.number, truthAt(store, turn.number, pack.manifest.tuning.minConfidence)]),
    );
    // Graphs only grow: every entry a prompt could have held is in the last npc_state.
    const knowledge = npcStateForTurn(store, pack).knowledge;
    const personaId = store.meta().personaId;
    store.close();
    expect(calls.length).toBeGreaterThan(10);
    expect(calls.flatMap(({ call }) => auditPrompt(call, stream, pack))).toEqual([]);
    expect(calls.flatMap(({ call }) => auditKnowledge(call, knowledge, personaId))).toEqual([]);
    const guarded = calls.flatMap(({ call, turn }) =>
      auditGuardedFacts(call, pack, (who, gate) => truths.get(turn)?.factual.has(`Knows(${who},${gate})`) ?? false),
    );
    expect(guarded).toEqual([]);
  });

  it('catches a guarded fact in a prompt before its gate opened, and lets it pass once it has', async () => {
    const { pack } = await loadPack(path.join(STORIES_DIR, 'lantern-quay'), { appVersion: '0.1.0' });
    const gate = pack?.narrative.gates.find((candidate) => candidate.id === 'pells_fate');
    if (pack === null || gate === undefined) throw new Error('lantern-quay has no pells_fate gate');
    const call = {
      id: 1,
      turnId: 1,
      seq: 1,
      stage: 'narrator',
      principal: 'narrator',
      provider: 'scripted',
      model: 'test',
      prompt: [{ role: 'user' as const, content: `What matters now: ${gate.facts[0] ?? ''}` }],
      output: null,
      promptTokens: null,
      cachedTokens: null,
      generatedTokens: null,
      ttftMs: null,
      totalMs: null,
      error: null,
      createdAt: 0,
    };
    expect(auditGuardedFacts(call, pack, () => false)).toEqual([
      expect.objectContaining({ rule: 'gate pells_fate leaked before it opened' }),
    ]);
    expect(auditGuardedFacts(call, pack, (who, id) => who === 'player' && id === 'pells_fate')).toEqual([]);
  });

  it('catches a leak when one is planted (the audit itself works)', async () => {
    const { pack } = await loadPack(path.join(STORIES_DIR, 'tutorial'), { appVersion: '0.1.0' });
    if (pack === null) throw new Error('tutorial does not load');
    const secret = pack.characters.find((character) => character.knowledge.length > 0);
    const thought = {
      id: 1,
      turnId: 1,
      turnNumber: 1,
      seq: 1,
      owner: 'odile-fenn',
      type: 'thought' as const,
      content: 'A private worry.',
      mood: null,
      meta: null,
      createdAt: 0,
    };
    const call = {
      id: 1,
      turnId: 1,
      seq: 1,
      stage: 'npc_intent',
      principal: 'tobias-quell',
      provider: 'scripted',
      model: 'x',
      output: null,
      promptTokens: null,
      cachedTokens: null,
      generatedTokens: null,
      ttftMs: null,
      totalMs: null,
      error: null,
      createdAt: 0,
      prompt: [
        { role: 'user', content: `A private worry.\nburied grief (mood, 3)\n${secret?.knowledge[0]?.content ?? ''}` },
      ],
    };
    const rules = auditPrompt(call, [thought], pack).map((leak) => leak.rule);
    expect(rules).toContain('a thought reached a stage that is not its owner’s');
    expect(rules).toContain('a latent state (level < 6) reached an intent, dialog or narrator prompt');
    if (secret !== undefined && secret.id !== 'tobias-quell')
      expect(rules).toContain(`${secret.id}'s private knowledge leaked`);
  });
});
