import type { InterpretiveJudgment } from '../judgment.ts';
import { judgmentForProposition, judgmentSubjects } from '../judgment-of-proposition.ts';
import type { PriorityTier, Subscription } from '../subscription.ts';
import { wordsOf } from './lexicon.ts';
import type { StructuralParse } from './parse.ts';
import { findPhrase, type Token } from './words.ts';

/** One concrete pattern that, if seen, would feed an active subscription (event-system.md, SensitivityEntry). */
export interface SensitivityEntry {
  readonly id: string;
  readonly subscriptionId: string;
  readonly proposition: string;
  readonly keywords: readonly (readonly string[])[];
  readonly negated: readonly (readonly string[])[];
  readonly confidence: number;
  readonly magnitude: number;
  /** The characters the judgment is about, besides the player: the input must be aimed at them. */
  readonly subjects: readonly string[];
  readonly tier: PriorityTier;
}

export interface SensitivityMap {
  readonly entries: readonly SensitivityEntry[];
  /** Who was present when it was built: a change of cast means a refresh. */
  readonly present: readonly string[];
}

/**
 * An interpretive proposition something in the story is waiting on besides a trigger's own sensitivity list (spec
 * sources 1–4: a trigger's predicate, a scene goal, an echo, the Storykeeper's awareness of gates and attractors).
 * It has no keywords, so Stage 3 never matches it; it is in the map so Stage 4 may judge it.
 */
export interface SensitivityInterest {
  /** Who is waiting on it, for the debug panel: `gate:pells_fate`, `scene:kits-penny#kindness`. */
  readonly source: string;
  readonly proposition: string;
}

export const PLAYER = 'player';
const INTENSIFIER_BONUS = 0.1;
const MAX_PROVISIONAL_CONFIDENCE = 0.95;

/**
 * Built at scene entry from the active subscriptions and refreshed on arrivals, echo fires and goal completion: only
 * sensitivities about characters who are present can match, so the map holds just those.
 */
export function buildSensitivityMap(
  subscriptions: Iterable<Subscription>,
  present: readonly string[],
  interests: readonly SensitivityInterest[] = [],
): SensitivityMap {
  const here = new Set([PLAYER, ...present]);
  const entries: SensitivityEntry[] = [];
  for (const subscription of subscriptions) {
    subscription.sensitivity.forEach((sensitivity, index) => {
      const category = judgmentForProposition(sensitivity.proposition, sensitivity.magnitude);
      if (category === null) return;
      const subjects = judgmentSubjects(category).filter((subject) => subject !== PLAYER);
      if (!subjects.every((subject) => here.has(subject))) return;
      entries.push({
        id: `${subscription.id}#${index + 1}`,
        subscriptionId: subscription.id,
        proposition: sensitivity.proposition,
        keywords: sensitivity.keywords.map(wordsOf),
        negated: sensitivity.negated.map(wordsOf),
        confidence: sensitivity.confidence,
        magnitude: sensitivity.magnitude,
        subjects,
        tier: subscription.tier,
      });
    });
  }
  const listed = new Set(entries.map((entry) => entry.proposition));
  for (const interest of interests) {
    const category = judgmentForProposition(interest.proposition, 0);
    if (category === null || listed.has(interest.proposition)) continue;
    const subjects = judgmentSubjects(category).filter((subject) => subject !== PLAYER);
    if (!subjects.every((subject) => here.has(subject))) continue;
    listed.add(interest.proposition);
    entries.push({
      id: `${interest.source}#${interest.proposition}`,
      subscriptionId: interest.source,
      proposition: interest.proposition,
      keywords: [],
      negated: [],
      confidence: 0,
      magnitude: 0,
      subjects,
      tier: 'scene_local',
    });
  }
  return { entries, present: [...present] };
}

export interface JudgmentStamp {
  readonly turn: number;
  readonly sceneId: string;
  /** Makes ids unique across the save: `<prefix>-<n>`. */
  readonly idPrefix: string;
}

/** Stage 3: match the parse against the map; each matching entry gives one provisional judgment. */
export function matchSensitivity(
  map: SensitivityMap,
  parse: StructuralParse,
  stamp: JudgmentStamp,
): InterpretiveJudgment[] {
  const aimedAt = new Set([
    ...parse.mentioned.map((entity) => entity.id),
    ...parse.actions.flatMap((action) => (action.addressee === null ? [] : [action.addressee])),
  ]);
  const judgments: InterpretiveJudgment[] = [];
  const seen = new Set<string>();
  for (const entry of map.entries) {
    if (seen.has(entry.proposition) || !entry.subjects.every((subject) => aimedAt.has(subject))) continue;
    const hit = firstHit(parse.tokens, entry);
    if (hit === null) continue;
    const category = judgmentForProposition(entry.proposition, entry.magnitude);
    if (category === null) continue;
    seen.add(entry.proposition);
    const confidence = Math.min(
      MAX_PROVISIONAL_CONFIDENCE,
      entry.confidence + (hit.intensified ? INTENSIFIER_BONUS : 0),
    );
    judgments.push({
      id: `${stamp.idPrefix}-${judgments.length + 1}`,
      turn: stamp.turn,
      scene_id: stamp.sceneId,
      source: { kind: 'ClassifierAgent', model: 'sensitivity_matcher', latency_ms: 0 },
      standing: 'provisional',
      replaces: null,
      category,
      confidence,
      evidence: [`${hit.negated ? 'negated ' : ''}"${hit.phrase}"`, entry.id],
      description: `${entry.proposition}: the player's words ${hit.negated ? 'deny' : 'use'} "${hit.phrase}"`,
    });
  }
  return judgments;
}

interface Hit {
  readonly phrase: string;
  readonly negated: boolean;
  readonly intensified: boolean;
}

/** A plain keyword counts only outside a negation; a `negated` keyword only inside one. */
function firstHit(tokens: readonly Token[], entry: SensitivityEntry): Hit | null {
  const words = tokens.map((token) => token.word);
  const scan = (phrases: readonly (readonly string[])[], wantNegated: boolean): Hit | null => {
    for (const phrase of phrases) {
      for (let at = findPhrase(words, phrase); at >= 0; at = findPhrase(words, phrase, at + 1)) {
        const token = tokens[at];
        if (token !== undefined && token.negated === wantNegated)
          return { phrase: phrase.join(' '), negated: wantNegated, intensified: token.intensified };
      }
    }
    return null;
  };
  return scan(entry.keywords, false) ?? scan(entry.negated, true);
}
