import { describe, expect, it } from 'vitest';
import { isSaveId, saveFileName, slugify } from '../../../engine/store/file-names.ts';

describe('save file names', () => {
  it('slugs titles to plain ASCII', () => {
    expect(slugify('The Lost Tower — Chapter Ⅱ!')).toBe('the-lost-tower-chapter-ii');
    expect(slugify('Élodie à Paris')).toBe('elodie-a-paris');
    expect(slugify('   ')).toBe('save');
    expect(slugify('日本語')).toBe('save');
    expect(slugify('x'.repeat(100))).toHaveLength(40);
  });

  it('adds a time suffix and, on collision, a counter', () => {
    expect(saveFileName('The Lost Tower', 1_700_000_000_000, 0)).toBe('the-lost-tower-loyw3v28.storyloom');
    expect(saveFileName('The Lost Tower', 1_700_000_000_000, 1)).toBe('the-lost-tower-loyw3v28-2.storyloom');
  });

  it('accepts only plain save file names', () => {
    expect(isSaveId('the-lost-tower-loyw3v28.storyloom')).toBe(true);
    for (const bad of [
      '../x.storyloom',
      '..\\x.storyloom',
      'a/b.storyloom',
      '/etc/passwd',
      '.storyloom',
      '.hidden.storyloom',
      'x.sqlite',
      'c:x.storyloom',
      'x\0.storyloom',
      '',
    ]) {
      expect(isSaveId(bad), bad).toBe(false);
    }
  });
});
