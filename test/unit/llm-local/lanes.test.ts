import { describe, expect, it } from 'vitest';
import { sequenceLane } from '../../../engine/llm/local/lanes.ts';

describe('sequence lanes of the local provider', () => {
  it('gives each cohort member a sequence of its own', () => {
    expect(sequenceLane({ stage: 'cohort_member', principal: 'silas-crane' })).toBe('cohort_member:silas-crane');
    expect(sequenceLane({ stage: 'cohort_member', principal: 'magdalen-rook' })).toBe('cohort_member:magdalen-rook');
  });

  it('keeps one sequence per stage for every other stage, whoever the principal', () => {
    expect(sequenceLane({ stage: 'character_dialog', principal: 'silas-crane' })).toBe('character_dialog');
    expect(sequenceLane({ stage: 'cohort_moderator', principal: 'cohort:a+b' })).toBe('cohort_moderator');
    expect(sequenceLane({ stage: 'intent_check', principal: 'a' })).toBe('intent_check');
    expect(sequenceLane({ stage: 'standalone_simulation', principal: 'a' })).toBe('standalone_simulation');
    expect(sequenceLane({ stage: 'cohort_member' })).toBe('cohort_member');
  });
});
