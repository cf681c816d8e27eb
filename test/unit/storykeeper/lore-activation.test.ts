import { describe, expect, it } from 'vitest';
import {
  activateLore,
  compileLore,
  type ActivationOptions,
  type MatchableLore,
  type MatchDefaults,
} from '../../../engine/storykeeper/index.ts';

const DEFAULTS: MatchDefaults = { caseSensitive: false, wholeWords: true };
const OPTIONS: ActivationOptions = { scanDepth: 4, recursionDepth: 0, audiences: new Set(['world']) };

function entry(id: string, fields: Partial<MatchableLore> = {}): MatchableLore {
  return {
    id,
    keys: [id],
    secondaryKeys: [],
    selectiveLogic: 'and_any',
    content: `About ${id}.`,
    audience: 'world',
    constant: false,
    disabled: false,
    order: 100,
    ...fields,
  };
}

function active(
  entries: readonly MatchableLore[],
  messages: readonly string[],
  options: Partial<ActivationOptions> = {},
  defaults: MatchDefaults = DEFAULTS,
): string[] {
  return activateLore(compileLore(entries, defaults), messages, { ...OPTIONS, ...options }).map((a) => a.entry.id);
}

describe('lore activation: primary keys', () => {
  it('activates an entry when any of its keys is in the scanned messages, and says which key', () => {
    const book = [entry('lighthouse', { keys: ['lighthouse', 'the light'] }), entry('bell')];
    const [found] = activateLore(compileLore(book, DEFAULTS), ['We walk toward the light.'], OPTIONS);
    expect(found?.entry.id).toBe('lighthouse');
    expect(found?.reason).toEqual({ kind: 'key', key: 'the light', secondary: [], depth: 0 });
    expect(active(book, ['Nothing here.'])).toEqual([]);
  });

  it('keeps constant entries always and disabled entries never', () => {
    const book = [entry('law', { constant: true }), entry('ghost', { disabled: true }), entry('bell')];
    expect(active(book, ['A ghost and a bell.'])).toEqual(['law', 'bell'].sort());
  });

  it('orders what it activates by insertion order', () => {
    const book = [entry('b', { order: 30 }), entry('a', { order: 20 }), entry('c', { order: 10 })];
    expect(active(book, ['a b c'])).toEqual(['c', 'a', 'b']);
  });
});

describe('lore activation: secondary keys and selective logic', () => {
  const book = (selectiveLogic: MatchableLore['selectiveLogic']) => [
    entry('ship', { secondaryKeys: ['storm', 'night'], selectiveLogic }),
  ];
  const cases = [
    ['and_any', ['ship storm'], true],
    ['and_any', ['ship'], false],
    ['and_all', ['ship storm'], false],
    ['and_all', ['ship storm night'], true],
    ['not_any', ['ship'], true],
    ['not_any', ['ship night'], false],
    ['not_all', ['ship storm'], true],
    ['not_all', ['ship storm night'], false],
  ] as const;
  for (const [logic, messages, expected] of cases)
    it(`${logic.toUpperCase().replace('_', ' ')}: "${messages.join(' ')}" ${expected ? 'activates' : 'does not'}`, () => {
      expect(active(book(logic), messages)).toEqual(expected ? ['ship'] : []);
    });

  it('a secondary key alone never activates an entry', () => {
    expect(active(book('and_any'), ['storm night'])).toEqual([]);
  });

  it('reports the secondary keys that let an entry through', () => {
    const [found] = activateLore(compileLore(book('and_all'), DEFAULTS), ['ship, storm, night'], OPTIONS);
    expect(found?.reason).toMatchObject({ key: 'ship', secondary: ['storm', 'night'] });
  });
});

describe('lore activation: scan depth', () => {
  const book = [entry('bell'), entry('quay')];
  const messages = ['the bell rang', 'then', 'silence', 'on the quay'];
  it('scans only the most recent messages', () => {
    expect(active(book, messages, { scanDepth: 1 })).toEqual(['quay']);
    expect(active(book, messages, { scanDepth: 3 })).toEqual(['quay']);
    expect(active(book, messages, { scanDepth: 4 })).toEqual(['bell', 'quay']);
  });
  it('scans nothing at depth 0 (constants still apply)', () => {
    expect(active([...book, entry('law', { constant: true })], messages, { scanDepth: 0 })).toEqual(['law']);
  });
});

describe('lore activation: case and whole words', () => {
  it('ignores case unless the entry (or the book) is case-sensitive', () => {
    expect(active([entry('Mara', { keys: ['Mara'] })], ['mara waves'])).toEqual(['Mara']);
    expect(active([entry('Mara', { keys: ['Mara'], caseSensitive: true })], ['mara waves'])).toEqual([]);
    expect(active([entry('Mara', { keys: ['Mara'], caseSensitive: true })], ['Mara waves'])).toEqual(['Mara']);
    expect(active([entry('Mara', { keys: ['Mara'] })], ['mara'], {}, { ...DEFAULTS, caseSensitive: true })).toEqual([]);
  });

  it('matches whole words unless the entry (or the book) allows parts of words', () => {
    expect(active([entry('cat')], ['a category of things'])).toEqual([]);
    expect(active([entry('cat')], ['the cat, asleep'])).toEqual(['cat']);
    expect(active([entry('cat', { wholeWords: false })], ['a category'])).toEqual(['cat']);
    expect(active([entry('cat')], ['a category'], {}, { ...DEFAULTS, wholeWords: false })).toEqual(['cat']);
    expect(active([entry('old quay', { keys: ['old quay'] })], ['the old quay.'])).toEqual(['old quay']);
    expect(active([entry('café')], ['un cafés'])).toEqual([]);
  });

  it('reads keys written /pattern/flags as regular expressions', () => {
    expect(active([entry('ring', { keys: ['/rings?\\b/i'] })], ['Two RINGS'])).toEqual(['ring']);
  });
});

describe('lore activation: recursion', () => {
  const chain = [
    entry('a', { content: 'a leads to b' }),
    entry('b', { content: 'b leads to c' }),
    entry('c', { content: 'c leads to d' }),
    entry('d'),
  ];
  it('does not recurse at depth 0', () => {
    expect(active(chain, ['about a'])).toEqual(['a']);
  });
  it('follows activated entries’ text, at most recursionDepth times', () => {
    expect(active(chain, ['about a'], { recursionDepth: 1 })).toEqual(['a', 'b']);
    expect(active(chain, ['about a'], { recursionDepth: 2 })).toEqual(['a', 'b', 'c']);
    const all = activateLore(compileLore(chain, DEFAULTS), ['about a'], { ...OPTIONS, recursionDepth: 10 });
    expect(all.map((a) => [a.entry.id, a.reason.kind === 'key' ? a.reason.depth : -1])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
      ['d', 3],
    ]);
  });
  it('stops on a cycle', () => {
    const cycle = [entry('x', { content: 'x then y' }), entry('y', { content: 'y then x' })];
    expect(active(cycle, ['x'], { recursionDepth: 50 })).toEqual(['x', 'y']);
  });
});

describe('lore activation: audiences', () => {
  it('never activates, nor scans, an entry for another audience', () => {
    const book = [
      entry('debt', { audience: 'mara', content: 'the debt names the bell' }),
      entry('bell'),
      entry('vow', { audience: 'mara', constant: true }),
    ];
    expect(active(book, ['debt'], { recursionDepth: 3 })).toEqual([]);
    expect(active(book, ['debt'], { recursionDepth: 3, audiences: new Set(['world', 'mara']) })).toEqual([
      'bell',
      'debt',
      'vow',
    ]);
  });
});
