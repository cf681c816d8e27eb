import { describe, expect, it } from 'vitest';
import { parseRange, parseVersion, satisfies } from '../../../engine/pack/semver.ts';

function allows(range: string, version: string): boolean {
  const parsedRange = parseRange(range);
  const parsedVersion = parseVersion(version);
  if (parsedRange === null || parsedVersion === null) throw new Error(`bad test input ${range} / ${version}`);
  return satisfies(parsedVersion, parsedRange);
}

describe('engine ranges', () => {
  it.each([
    ['*', '0.1.0', true],
    ['>=0.1.0', '0.1.0', true],
    ['>=0.2.0', '0.1.9', false],
    ['>= 0.1 <1', '0.9.9', true],
    ['>=0.1.0 <1.0.0', '1.0.0', false],
    // Plain semver order (npm's includePrerelease): a beta of 1.0.0 comes before 1.0.0.
    ['>=0.1.0 <1.0.0', '1.0.0-beta.1', true],
    ['^0.1.0', '0.2.0-beta.1', false],
    ['>=0.1.0', '0.2.0-beta.1', true],
    ['^0.1.0', '0.1.7', true],
    ['^0.1.0', '0.2.0', false],
    ['^1.2', '1.9.0', true],
    ['^1.2', '2.0.0', false],
    ['^0.0.3', '0.0.4', false],
    ['~1.2.3', '1.2.9', true],
    ['~1.2.3', '1.3.0', false],
    ['1.x', '1.4.2', true],
    ['1.2', '1.3.0', false],
    ['1.2.3 - 2.0', '2.0.5', true],
    ['1.2.3 - 2.0', '2.1.0', false],
    ['>1.2', '1.2.9', false],
    ['<=1.2', '1.2.9', true],
    ['^2 || ^0.1', '0.1.3', true],
    ['=0.1.0', '0.1.0', true],
  ])('%s allows %s: %s', (range, version, expected) => {
    expect(allows(range, version)).toBe(expected);
  });

  it('orders pre-releases below their release', () => {
    expect(allows('>=1.0.0-rc.1', '1.0.0-rc.2')).toBe(true);
    expect(allows('>=1.0.0', '1.0.0-rc.2')).toBe(false);
    expect(allows('<1.0.0-rc.10', '1.0.0-rc.9')).toBe(true);
  });

  it('rejects what is not a range or a version', () => {
    expect(parseRange('wat')).toBeNull();
    expect(parseRange('>=1.x.3')).toBeNull();
    expect(parseRange('1.2.3 -')).toBeNull();
    expect(parseVersion('1.0')).toBeNull();
    expect(parseVersion('01.0.0')).toBeNull();
  });
});
