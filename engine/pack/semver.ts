/**
 * The small part of semantic versioning a pack's `engine` range needs: versions, comparison, and npm-style ranges
 * (`1.2.3`, `=`, `<`, `<=`, `>`, `>=`, `^`, `~`, `1.x`, `*`, `1.2 - 2.0`, space for AND, `||` for OR).
 * Pre-releases compare by plain semver order, like npm's `includePrerelease`: a beta build of the app is checked by
 * where it sits (0.2.0-beta.1 satisfies `>=0.1.0`), while `^`, `~` and x-ranges still stop short of the next
 * version's pre-releases.
 */
export interface SemVer {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  readonly prerelease: readonly (string | number)[];
}

type Operator = '<' | '<=' | '>' | '>=' | '=';
const RANGE_OPERATORS = ['<=', '>=', '<', '>', '=', '^', '~'] as const;
interface Comparator {
  readonly op: Operator;
  readonly version: SemVer;
}
/** OR of ANDs. */
export type VersionRange = readonly (readonly Comparator[])[];

const NUMBER = '0|[1-9]\\d*';
const IDENTIFIER = '[0-9A-Za-z-]+';
const VERSION = new RegExp(
  `^v?(${NUMBER})\\.(${NUMBER})\\.(${NUMBER})(?:-(${IDENTIFIER}(?:\\.${IDENTIFIER})*))?(?:\\+${IDENTIFIER}(?:\\.${IDENTIFIER})*)?$`,
  'u',
);
const WILDCARD = '[xX*]';
const PARTIAL = new RegExp(
  `^(<=|>=|<|>|=|\\^|~)?\\s*v?(${NUMBER}|${WILDCARD})(?:\\.(${NUMBER}|${WILDCARD}))?(?:\\.(${NUMBER}|${WILDCARD}))?(?:-(${IDENTIFIER}(?:\\.${IDENTIFIER})*))?(?:\\+\\S*)?$`,
  'u',
);

export function parseVersion(text: string): SemVer | null {
  const match = VERSION.exec(text.trim());
  if (!match) return null;
  const prerelease = (match[4] ?? '')
    .split('.')
    .filter(Boolean)
    .map((part) => (/^\d+$/u.test(part) ? Number(part) : part));
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]), prerelease };
}

export function compareVersions(a: SemVer, b: SemVer): number {
  const core = a.major - b.major || a.minor - b.minor || a.patch - b.patch;
  if (core !== 0) return Math.sign(core);
  // A version without a pre-release ranks above any pre-release of it (1.0.0-rc.1 < 1.0.0).
  if (a.prerelease.length === 0 || b.prerelease.length === 0)
    return Math.sign(b.prerelease.length - a.prerelease.length);
  for (let i = 0; i < Math.max(a.prerelease.length, b.prerelease.length); i++) {
    const left = a.prerelease[i];
    const right = b.prerelease[i];
    if (left === undefined) return -1;
    if (right === undefined) return 1;
    if (left === right) continue;
    if (typeof left === 'number' && typeof right === 'number') return Math.sign(left - right);
    if (typeof left === 'number') return -1;
    if (typeof right === 'number') return 1;
    return left < right ? -1 : 1;
  }
  return 0;
}

export function parseRange(text: string): VersionRange | null {
  const alternatives: Comparator[][] = [];
  for (const alternative of text.split('||')) {
    const comparators = parseAlternative(alternative.trim());
    if (comparators === null) return null;
    alternatives.push(comparators);
  }
  return alternatives;
}

export function satisfies(version: SemVer, range: VersionRange): boolean {
  return range.some((comparators) => comparators.every((comparator) => test(version, comparator)));
}

function test(version: SemVer, { op, version: bound }: Comparator): boolean {
  const order = compareVersions(version, bound);
  if (op === '<') return order < 0;
  if (op === '<=') return order <= 0;
  if (op === '>') return order > 0;
  if (op === '>=') return order >= 0;
  return order === 0;
}

function parseAlternative(text: string): Comparator[] | null {
  if (text === '' || text === '*' || text === 'x' || text === 'X') return [];
  const hyphen = /^(\S+)\s+-\s+(\S+)$/u.exec(text);
  if (hyphen) {
    const low = desugar(`>=${hyphen[1]}`);
    const high = parsePartial(hyphen[2] ?? '');
    if (low === null || high === null || high.op !== '') return null;
    if (high.fixed === 0) return low;
    return [...low, high.fixed === 3 ? { op: '<=', version: high.version } : upperBound(high, high.fixed)];
  }
  // `>= 1.2` is written with a space as often as without; glue operators to their version before splitting.
  const tokens = text.replace(/(<=|>=|<|>|=|\^|~)\s+/gu, '$1').split(/\s+/u);
  const comparators: Comparator[] = [];
  for (const token of tokens) {
    const desugared = desugar(token);
    if (desugared === null) return null;
    comparators.push(...desugared);
  }
  return comparators;
}

interface PartialVersion {
  readonly op: '' | (typeof RANGE_OPERATORS)[number];
  /** How many of major.minor.patch were written as numbers (the rest were missing or wildcards). */
  readonly fixed: number;
  readonly version: SemVer;
}

function parsePartial(token: string): PartialVersion | null {
  const match = PARTIAL.exec(token);
  if (!match) return null;
  const parts = [match[2], match[3], match[4]];
  const fixedCount = parts.findIndex((part) => part === undefined || /^[xX*]$/u.test(part));
  const fixed = fixedCount === -1 ? 3 : fixedCount;
  if (parts.slice(fixed).some((part) => part !== undefined && !/^[xX*]$/u.test(part))) return null; // 1.x.3
  const number = (index: number): number => (index < fixed ? Number(parts[index]) : 0);
  const prerelease = fixed === 3 && match[5] ? (parseVersion(`0.0.0-${match[5]}`)?.prerelease ?? []) : [];
  const op = RANGE_OPERATORS.find((candidate) => candidate === match[1]) ?? '';
  return { op, fixed, version: { major: number(0), minor: number(1), patch: number(2), prerelease } };
}

function desugar(token: string): Comparator[] | null {
  const partial = parsePartial(token);
  if (partial === null) return null;
  const { op, fixed, version } = partial;
  if (fixed === 0) return op === '<' || op === '>' ? [{ op: '<', version: zero() }] : [];
  if (op === '' || op === '=')
    return fixed === 3 ? [{ op: '=', version }] : [{ op: '>=', version }, upperBound(partial, fixed)];
  if (op === '^') {
    const significant = version.major > 0 || fixed === 1 ? 1 : version.minor > 0 || fixed === 2 ? 2 : 3;
    return [{ op: '>=', version }, upperBound(partial, significant)];
  }
  if (op === '~') return [{ op: '>=', version }, upperBound(partial, fixed === 1 ? 1 : 2)];
  if (fixed === 3) return [{ op, version }];
  // Partial bounds: `>1.2` means 1.3.0 and later, `<=1.2` means everything below 1.3.0.
  if (op === '>') return [{ op: '>=', version: upperBound(partial, fixed).version }];
  if (op === '<=') return [upperBound(partial, fixed)];
  return [{ op, version }];
}

/** `<` the next version after bumping the `position`-th number (1 major, 2 minor, 3 patch), excluding its pre-releases. */
function upperBound({ version }: PartialVersion, position: number): Comparator {
  const bumped =
    position === 1
      ? { major: version.major + 1, minor: 0, patch: 0 }
      : position === 2
        ? { major: version.major, minor: version.minor + 1, patch: 0 }
        : { major: version.major, minor: version.minor, patch: version.patch + 1 };
  return { op: '<', version: { ...bumped, prerelease: [0] } };
}

const zero = (): SemVer => ({ major: 0, minor: 0, patch: 0, prerelease: [0] });
