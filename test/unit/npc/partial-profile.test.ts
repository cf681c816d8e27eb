import { describe, expect, it } from 'vitest';
import { needsPartialProfile, partialProfileSchema, type PartialProfileQuestion } from '../../../engine/npc/index.ts';

const background: PartialProfileQuestion = {
  tier: 'background',
  hasPartialProfile: false,
  creationRequested: false,
  appearances: 1,
};

describe('needsPartialProfile', () => {
  it.each<[string, Partial<PartialProfileQuestion>, boolean]>([
    ['a first, unrequested appearance is improvised', {}, false],
    ['a new figure not on the roster yet is improvised', { tier: null }, false],
    ['the Narrator asked for one', { creationRequested: true }, true],
    ['a new figure the Narrator asked for', { tier: null, creationRequested: true }, true],
    ['a recurring background figure needs consistency', { appearances: 2 }, true],
    ['one already exists', { hasPartialProfile: true, creationRequested: true, appearances: 5 }, false],
    ['significant characters have full profiles', { tier: 'significant', creationRequested: true }, false],
    ['arc_important characters have full profiles', { tier: 'arc_important', appearances: 9 }, false],
  ])('%s', (_behaviour, overrides, needed) => {
    const decision = needsPartialProfile({ ...background, ...overrides });
    expect(decision.needed).toBe(needed);
    expect(decision.reason).not.toBe('');
  });
});

describe('PartialProfile', () => {
  it("holds the spec's fields and refuses a profile without a voice example", () => {
    const profile = {
      identity: 'A dock guard who has seen too many night shifts.',
      appearance: 'Broad, stooped, a rust-stained coat. A lantern always in hand.',
      personality: 'Suspicious of strangers, soft on children.',
      behavior: { default: 'Leans on the rail, watching.', stressed: 'Barks orders.', tell: 'Taps the lantern.' },
      voice: {
        style: 'Clipped',
        distinctive: 'Calls everyone "friend" with no warmth',
        examples: ['Move along, friend.'],
      },
      knowledge: { knows: ['Pier schedules'], doesNotKnow: ['Who started the fire'], wouldNotice: ['Fresh soot'] },
    };
    expect(partialProfileSchema.safeParse(profile).success).toBe(true);
    expect(partialProfileSchema.safeParse({ ...profile, voice: { ...profile.voice, examples: [] } }).success).toBe(
      false,
    );
  });
});
