import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPack } from '../../../engine/pack/index.ts';
import {
  auditGuardedFacts,
  auditKnowledge,
  auditPrivateTurns,
  auditPrompt,
  auditStandings,
  auditTokens,
  readAuditedSave,
} from '../../support/leak-audit.ts';
import { entityNamer } from '../../../engine/pack/index.ts';
import { readStandings } from '../../../engine/npc/index.ts';
import { npcStateAt } from '../../../engine/turn/npc-state-at.ts';
import {
  readFixtureSave,
  replayFixture,
  STORIES_DIR,
  TEST_PACKS_DIR,
  type FixtureRun,
} from '../../support/playthrough.ts';

/** Every scripted playthrough of the built-in stories and of the test packs, as [pack, fixture, folder of packs]. */
const fixtures = [STORIES_DIR, TEST_PACKS_DIR].flatMap((stories) =>
  readdirSync(stories).flatMap((pack) => {
    const dir = path.join(stories, pack, 'fixtures');
    return existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.inputs'))
          .map((f) => [pack, f.slice(0, -'.inputs'.length), stories] as const)
      : [];
  }),
);

/** The two-lamps test pack's planted tokens: each prefix marks one principal's private text. */
const TWO_LAMPS_TOKENS = { 'ADA-': 'ada-quill', 'BRAM-': 'bram-tolley', 'WREN-': 'wren-hollis' } as const;
const runs: FixtureRun[] = [];
afterAll(async () => {
  for (const run of runs) await run.setup.cleanup();
});

describe('the leak audit', () => {
  it.each(fixtures)('finds nothing in any stage prompt of %s / %s', async (packId, name, stories) => {
    const run = await replayFixture(packId, name, stories);
    runs.push(run);
    const { pack } = await loadPack(path.join(stories, packId), { appVersion: '0.1.0' });
    if (pack === null) throw new Error(`${packId} does not load`);
    const store = await readFixtureSave(run);
    const { stream, calls, knowledge, personaId, guarded, pack: played } = readAuditedSave(store, pack);
    // Every side of every relationship the save held at any turn: an old value must not leak either.
    const sides = store
      .turns()
      .flatMap((turn) => readStandings(npcStateAt(store, pack, turn.number).standings, 'test').sides);
    store.close();
    expect(calls.length).toBeGreaterThan(10);
    expect(calls.flatMap((call) => auditPrompt(call, stream, played))).toEqual([]);
    expect(calls.flatMap((call) => auditKnowledge(call, knowledge, personaId))).toEqual([]);
    const nameOf = entityNamer(pack, personaId);
    expect(calls.flatMap((call) => auditStandings(call, sides, nameOf))).toEqual([]);
    expect(auditPrivateTurns(calls)).toEqual([]);
    expect(guarded).toEqual([]);
  });

  it('two characters who seek each other live a cohort in separate calls, and no prompt holds another’s token', async () => {
    const run = await replayFixture('two-lamps', 'seek', TEST_PACKS_DIR);
    runs.push(run);
    // Every scripted reply was asked for: the cohort ran, and so did the night after /skip 7h.
    run.provider.assertExhausted();
    const store = await readFixtureSave(run);
    const calls = store.turns().flatMap((turn) => store.stageCalls(turn.id));
    store.close();
    // The boundary ran the cohort: two rounds of one call per member, the moderator between, then each one's account.
    expect(
      calls.filter((call) => call.stage.startsWith('cohort_')).map((call) => `${call.stage}/${call.principal}`),
    ).toEqual([
      'cohort_member/ada-quill',
      'cohort_member/bram-tolley',
      'cohort_moderator/cohort:ada-quill+bram-tolley',
      'cohort_member/ada-quill',
      'cohort_member/bram-tolley',
      'cohort_member/ada-quill',
      'cohort_member/bram-tolley',
    ]);
    // Both boundaries asked both (the second after /skip 7h made them stale again); the second lived the night alone.
    expect(calls.filter((call) => call.stage === 'intent_check').map((call) => call.principal)).toEqual([
      'ada-quill',
      'bram-tolley',
      'ada-quill',
      'bram-tolley',
    ]);
    expect(calls.filter((call) => call.stage === 'standalone_simulation').map((call) => call.principal)).toEqual([
      'ada-quill',
      'bram-tolley',
    ]);
    // Every kind of private text was planted and reached its owner's own calls...
    const own = (owner: string) =>
      calls
        .filter((call) => call.principal === owner)
        .map((call) => call.prompt.map((message) => message.content).join('\n'))
        .join('\n');
    for (const token of ['ADA-PRIVATE-7Q2', 'ADA-THINKS-R1', 'ADA-MEANS-R1', 'ADA-THINKS-R2', 'ADA-MEMORY-W9'])
      expect(own('ada-quill')).toContain(token);
    for (const token of ['BRAM-PRIVATE-K4M', 'BRAM-THINKS-R1', 'BRAM-MEANS-R1', 'BRAM-THINKS-R2', 'BRAM-MEMORY-J2'])
      expect(own('bram-tolley')).toContain(token);
    expect(own('wren-hollis')).toContain('WREN-THOUGHT-5X');
    // ...and no other call's prompt.
    expect(auditTokens(calls, TWO_LAMPS_TOKENS)).toEqual([]);
  });

  it('catches a member’s thought or token in another’s call (the cohort audits themselves work)', () => {
    const call = (stage: string, principal: string, prompt: string, output: string | null = null) => ({
      stage,
      principal,
      prompt: [{ role: 'user' as const, content: prompt }],
      output,
    });
    const calls = [
      call('cohort_member', 'ada-quill', 'ADA-PRIVATE-1', JSON.stringify({ does: 'waits', thinks: 'ADA-THINKS-9' })),
      call('cohort_moderator', 'cohort:ada-quill+bram-tolley', '[round 1] Ada Quill: waits. ADA-THINKS-9'),
      call('cohort_member', 'bram-tolley', 'BRAM-PRIVATE-2 and ADA-PRIVATE-1'),
    ];
    expect(auditPrivateTurns(calls)).toEqual([
      expect.objectContaining({ principal: 'cohort:ada-quill+bram-tolley', text: 'ADA-THINKS-9' }),
    ]);
    expect(auditTokens(calls, TWO_LAMPS_TOKENS).map((leak) => `${leak.principal}: ${leak.text}`)).toEqual([
      'cohort:ada-quill+bram-tolley: ADA-THINKS-9',
      'bram-tolley: ADA-PRIVATE-1',
    ]);
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
