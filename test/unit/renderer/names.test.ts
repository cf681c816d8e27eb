import { describe, expect, it } from 'vitest';
import type { PackSummary } from '../../../engine/api/index.ts';
import { namesOf } from '../../../renderer/play/names.ts';

const pack = {
  characters: [{ id: 'kit-wickett', name: 'Kit Wickett' }],
  personas: [{ id: 'sam-fairweather', name: 'Sam Fairweather', description: 'A rider of the Board.' }],
} satisfies Pick<PackSummary, 'characters' | 'personas'>;

describe('speaker names in the play view', () => {
  it('name the pack’s characters and personas, those the story created, and fall back to the id', () => {
    const names = namesOf(pack, [{ id: 'ned-tolly', name: 'Ned Tolly' }]);
    expect(['kit-wickett', 'sam-fairweather', 'ned-tolly', 'who-knows'].map(names)).toEqual([
      'Kit Wickett',
      'Sam Fairweather',
      'Ned Tolly',
      'who-knows',
    ]);
    expect(namesOf(undefined)('ned-tolly')).toBe('ned-tolly');
  });
});
