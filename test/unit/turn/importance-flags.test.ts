import { describe, expect, it } from 'vitest';
import type { NpcState } from '../../../engine/boundary/index.ts';
import { createTierRoster, emptyKnowledgeStore, type TierRoster } from '../../../engine/npc/index.ts';
import { importanceBrief, withImportanceFlags } from '../../../engine/turn/importance-flags.ts';
import { beatScriptSchemaFor, type NarratorImportanceFlags } from '../../../engine/turn/outputs.ts';

const beats = [{ type: 'narration', content: 'The shop bell rings.' }];
const promote = (character: string): NarratorImportanceFlags => ({
  upgrade_requests: [{ character, requested: 'arc_important', reason: 'Central now.' }],
  downgrade_requests: [],
});

function roster(cap: number, tiers: Record<string, 'arc_important' | 'significant' | 'background'>): TierRoster {
  const created = createTierRoster(
    Object.entries(tiers).map(([id, tier]) => ({ id, tier })),
    cap,
  );
  if (!created.ok) throw new Error(created.problems.join('; '));
  return created.roster;
}

function npcState(tiers: TierRoster): NpcState {
  return {
    version: 1,
    knowledge: emptyKnowledgeStore(),
    roster: tiers,
    relationships: null,
    simulation: null,
    chronicle: null,
    profiles: null,
  };
}

describe("the Narrator's beat script and importance_flags", () => {
  it('accepts importance_flags naming known characters at a scene opening', () => {
    const schema = beatScriptSchemaFor([], ['odile-fenn', 'tobias-quell']);
    const parsed = schema.parse({ beats, importance_flags: promote('tobias-quell') });
    expect(parsed.importance_flags?.upgrade_requests.map((request) => request.character)).toEqual(['tobias-quell']);
  });

  it('rejects a flag naming no known character', () => {
    const schema = beatScriptSchemaFor([], ['odile-fenn']);
    expect(schema.safeParse({ beats, importance_flags: promote('a-stranger') }).success).toBe(false);
  });

  it('has no importance_flags on a turn that opens no scene', () => {
    expect(
      beatScriptSchemaFor(['odile-fenn']).safeParse({ beats, importance_flags: promote('odile-fenn') }).success,
    ).toBe(false);
  });

  it('tells the Narrator the tiers and the cap at an opening', () => {
    const brief = importanceBrief(roster(8, { 'odile-fenn': 'arc_important', 'tobias-quell': 'significant' }));
    expect(brief).toContain('arc_important: odile-fenn; significant: tobias-quell; background: (none)');
    expect(brief).toContain('at most 8');
  });
});

describe('applying the Narrator’s importance_flags to the turn’s npc_state', () => {
  it('promotes under the cap and reports the change', () => {
    const before = npcState(roster(8, { 'odile-fenn': 'arc_important', 'tobias-quell': 'significant' }));
    const { npc, report } = withImportanceFlags(before, promote('tobias-quell'), '1890-03-04T08:00');
    expect(npc.roster?.characters['tobias-quell']?.tier).toBe('arc_important');
    expect(report?.changes).toEqual([expect.objectContaining({ character: 'tobias-quell', cause: 'request' })]);
  });

  it('refuses a promotion the cap has no room for, keeps the state as it was, and reports the refusal', () => {
    const before = npcState(roster(0, { 'tobias-quell': 'significant' }));
    const { npc, report } = withImportanceFlags(before, promote('tobias-quell'), '1890-03-04T08:00');
    expect(npc).toBe(before);
    expect(report?.refused).toEqual([expect.objectContaining({ why: expect.stringContaining('cap of 0') })]);
  });

  it('changes nothing and reports nothing when the script carried no flags', () => {
    const before = npcState(roster(8, { 'tobias-quell': 'significant' }));
    expect(withImportanceFlags(before, null, '1890-03-04T08:00')).toEqual({ npc: before, report: null });
  });
});
