import { estimateTokens } from '../../llm/index.ts';
import {
  KEYLESS_MARK,
  loreIdentity,
  PERSONA_AUDIENCE,
  WORLD_AUDIENCE,
  type LoreEntry,
  type StoryPack,
} from '../../pack/index.ts';
import { activateLore, compileLore, type LoreActivation, type LoreMatcher, type MatchableLore } from '../lore/index.ts';
import { buildView, type StreamEntry, type ViewRequest } from '../../stream/index.ts';

/** A fact the Lore Extractor learned in play (the play state's `lore`): matched like the pack's own lore. */
export interface LearnedLore {
  readonly key: string;
  readonly content: string;
  /** The turn it was learned in. */
  readonly turn: number;
}

/** The story's lore settings: the defaults with its `tuning.lore` laid over them. */
export interface LoreSettings {
  readonly scanDepth: number;
  readonly recursionDepth: number;
  readonly caseSensitive: boolean;
  readonly wholeWords: boolean;
  readonly constantBudget: number;
  readonly stageBudget: number;
}

export const DEFAULT_LORE_SETTINGS: LoreSettings = {
  scanDepth: 4,
  recursionDepth: 2,
  caseSensitive: false,
  wholeWords: true,
  constantBudget: 600,
  stageBudget: 600,
};

/** Learned facts that no key names still reach a prompt, the most recent this many, so the Narrator keeps its bearings. */
export const RECENT_LEARNED = 5;

export function loreSettings(pack: StoryPack): LoreSettings {
  const tuning = pack.manifest.tuning.lore ?? {};
  return {
    scanDepth: tuning.scanDepth ?? DEFAULT_LORE_SETTINGS.scanDepth,
    recursionDepth: tuning.recursionDepth ?? DEFAULT_LORE_SETTINGS.recursionDepth,
    caseSensitive: tuning.caseSensitive ?? DEFAULT_LORE_SETTINGS.caseSensitive,
    wholeWords: tuning.wholeWords ?? DEFAULT_LORE_SETTINGS.wholeWords,
    constantBudget: tuning.constantBudget ?? DEFAULT_LORE_SETTINGS.constantBudget,
    stageBudget: tuning.stageBudget ?? DEFAULT_LORE_SETTINGS.stageBudget,
  };
}

/**
 * Whose lore a stage may read: the world's, and its principal's own. The Narrator tells the persona's story, so it may
 * use what the persona knows, never a character's secret; the Lore Extractor keeps the World KG, so world lore only.
 */
export function loreAudiences(stage: string, principal: string, personaId: string): ReadonlySet<string> {
  if (stage === 'narrator') return new Set([WORLD_AUDIENCE, PERSONA_AUDIENCE]);
  if (stage === 'lore_extractor') return new Set([WORLD_AUDIENCE]);
  return new Set([WORLD_AUDIENCE, principal, ...(principal === personaId ? [PERSONA_AUDIENCE] : [])]);
}

/** An entry's id in candidates and reports: its own id, else its key and audience. */
export function packLoreId(entry: LoreEntry): string {
  return loreIdentity(entry).replace('\u0000', '@');
}

const packMatchers = new WeakMap<StoryPack, LoreMatcher>();

/** The pack's lorebook compiled once (a pack is immutable once loaded). */
export function packLoreMatcher(pack: StoryPack): LoreMatcher {
  const known = packMatchers.get(pack);
  if (known !== undefined) return known;
  const settings = loreSettings(pack);
  const entries = pack.lore.map((entry): MatchableLore => ({
    id: packLoreId(entry),
    // An imported entry that had no keys is known by a label only: like SillyTavern, never activate it by that.
    keys: entry.extensions[KEYLESS_MARK] === true ? entry.aliases : [entry.key, ...entry.aliases],
    secondaryKeys: entry.secondaryKeys,
    selectiveLogic: entry.selectiveLogic,
    content: entry.content,
    audience: entry.audience,
    constant: entry.constant,
    disabled: entry.disabled,
    order: entry.order,
    caseSensitive: entry.caseSensitive,
    wholeWords: entry.wholeWords,
  }));
  const matcher = compileLore(entries, settings);
  packMatchers.set(pack, matcher);
  return matcher;
}

const learnedMatchers = new WeakMap<readonly LearnedLore[], LoreMatcher>();

/** What the Lore Extractor learned, as a lorebook of world entries keyed by their keys (compiled once per state). */
function learnedMatcher(learned: readonly LearnedLore[], pack: StoryPack): LoreMatcher {
  const known = learnedMatchers.get(learned);
  if (known !== undefined) return known;
  const entries = learned.map((fact, index): MatchableLore => ({
    id: `learned-${index + 1}`,
    keys: [fact.key],
    secondaryKeys: [],
    selectiveLogic: 'and_any',
    content: fact.content,
    audience: WORLD_AUDIENCE,
    constant: false,
    disabled: false,
    order: index,
  }));
  const matcher = compileLore(entries, loreSettings(pack));
  learnedMatchers.set(learned, matcher);
  return matcher;
}

/** One piece of lore a stage may use, and why: its key matched, it is constant, or it was learned recently. */
export interface LorePiece {
  readonly id: string;
  readonly key: string;
  readonly content: string;
  readonly text: string;
  readonly tokens: number;
  readonly origin: 'authored' | 'learned';
  /** Turns since it was learned (0 for authored lore). */
  readonly age: number;
  /** In words, for the Context tab and `inspect context`. */
  readonly why: string;
  /** Its key was found (false: a recent learned fact that no key named). */
  readonly activated: boolean;
  /** Found through another entry's text, this many steps away (0: in the messages). */
  readonly depth: number;
  readonly constant: boolean;
}

export interface LoreFound {
  /** Constant entries, in insertion order (they go to the preamble, within their own budget). */
  readonly constant: readonly LorePiece[];
  /** Entries a key activated and recent learned facts, in insertion order then learned order. */
  readonly activated: readonly LorePiece[];
}

/**
 * The lore a principal's stage may draw on: the pack's lorebook and the learned lore, activated by keys found in the
 * messages that principal saw (oldest first; the last `scanDepth` of them, the story's setting unless given), with the
 * most recent learned facts besides.
 */
export function findLore(
  pack: StoryPack,
  learned: readonly LearnedLore[],
  messages: readonly string[],
  audiences: ReadonlySet<string>,
  turn: number,
  scanDepth = loreSettings(pack).scanDepth,
): LoreFound {
  const settings = loreSettings(pack);
  const options = { scanDepth, recursionDepth: settings.recursionDepth, audiences };
  const authored = activateLore(packLoreMatcher(pack), messages, options).map((a) => piece(a, 'authored', 0));
  const facts = activateLore(learnedMatcher(learned, pack), messages, { ...options, recursionDepth: 0 });
  const named = new Set(facts.map((a) => a.entry.order));
  const recent = learned
    .map((fact, index) => ({ fact, index }))
    .slice(-RECENT_LEARNED)
    .filter(({ index }) => !named.has(index));
  const learnedPieces = [
    ...facts.map((a) => piece(a, 'learned', turn - (learned[a.entry.order]?.turn ?? turn))),
    ...recent.map(({ fact, index }) =>
      recentPiece(`learned-${index + 1}`, fact, turn - fact.turn, `learned in turn ${fact.turn}`),
    ),
  ];
  return {
    constant: authored.filter((p) => p.constant),
    activated: [...authored.filter((p) => !p.constant), ...learnedPieces],
  };
}

/** The lore of one stage's principal, activated over the stream as that principal saw it (never what it did not). */
export function loreOfView(
  pack: StoryPack,
  learned: readonly LearnedLore[],
  stream: readonly StreamEntry[],
  request: ViewRequest,
  personaId: string,
): LoreFound {
  const seen = buildView(stream, request).map((entry) => entry.content);
  const audiences = loreAudiences(request.stage, request.principal, personaId);
  return findLore(pack, learned, seen, audiences, request.cursor.turn);
}

function piece(activation: LoreActivation, origin: LorePiece['origin'], age: number): LorePiece {
  const { entry, reason } = activation;
  const key = entry.keys[0] ?? entry.id;
  const text = `${key}: ${entry.content}`;
  const base = { id: entry.id, key, content: entry.content, text, tokens: estimateTokens(text), origin, age };
  if (reason.kind === 'constant') return { ...base, why: 'constant', activated: true, depth: 0, constant: true };
  const also = reason.secondary.length === 0 ? '' : ` with ${reason.secondary.map((k) => `"${k}"`).join(', ')}`;
  const where = reason.depth === 0 ? 'in the recent messages' : `in activated lore (${reason.depth} deep)`;
  const learnedAt = origin === 'learned' ? `, learned ${age} turn(s) ago` : '';
  const why = `key "${reason.key}"${also} ${where}${learnedAt}`;
  return { ...base, why, activated: true, depth: reason.depth, constant: false };
}

function recentPiece(id: string, fact: LearnedLore, age: number, why: string): LorePiece {
  const text = `${fact.key}: ${fact.content}`;
  return {
    id,
    key: fact.key,
    content: fact.content,
    text,
    tokens: estimateTokens(text),
    origin: 'learned',
    age,
    why,
    activated: false,
    depth: 0,
    constant: false,
  };
}

/** The constant lore of a preamble, within its budget, as the Context tab shows it. */
export function preambleLore(constant: readonly LorePiece[], budget: number) {
  const { kept } = withinBudget(constant, budget);
  const keptIds = new Set(kept.map((item) => item.id));
  return {
    budget,
    tokens: kept.reduce((sum, item) => sum + item.tokens, 0),
    entries: constant.map(({ id, text, tokens }) => ({ id, text, tokens, kept: keptIds.has(id) })),
  };
}

/** Pieces in their order until `budget` tokens are used; the rest are left out. */
export function withinBudget(
  pieces: readonly LorePiece[],
  budget: number,
): {
  readonly kept: readonly LorePiece[];
  readonly left: readonly LorePiece[];
} {
  const kept: LorePiece[] = [];
  const left: LorePiece[] = [];
  let used = 0;
  for (const item of pieces) {
    if (used + item.tokens <= budget) {
      kept.push(item);
      used += item.tokens;
    } else left.push(item);
  }
  return { kept, left };
}

export function loreLines(pieces: readonly LorePiece[]): string {
  return pieces.map((item) => `- ${item.text}`).join('\n');
}
