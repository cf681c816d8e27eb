import type { InterpretiveJudgment, JudgmentCategory } from './judgment.ts';
import { canBecomeTrue, judgmentPropositions } from './translate.ts';

/**
 * The inverse of `judgmentPropositions` for the propositions a sensitivity entry can produce: which judgment, if
 * made, would put `TrustEroding(player,wolf)` into the truth set. Null for factual propositions.
 */
export function judgmentForProposition(key: string, magnitude: number): JudgmentCategory | null {
  const match = /^([A-Za-z]+)\((.*)\)$/u.exec(key);
  if (match === null) return null;
  const name = match[1] ?? '';
  const args = (match[2] ?? '').split(',').filter((arg) => arg.length > 0);
  const [first, second] = args;
  const pair = first !== undefined && second !== undefined ? ([first, second] as const) : null;
  switch (name) {
    case 'TrustEroding':
    case 'TrustGrowing':
      return pair && { kind: 'TrustShift', between: pair, direction: direction(name, 'TrustGrowing'), magnitude };
    case 'AffectionWaning':
    case 'AffectionGrowing':
      return (
        pair && { kind: 'AffectionShift', between: pair, direction: direction(name, 'AffectionGrowing'), magnitude }
      );
    case 'EmotionExpressed':
      return pair && { kind: 'EmotionExpressed', character: pair[0], emotion: pair[1], intensity: magnitude };
    case 'ToneDetected':
      return pair && { kind: 'ToneDetected', quality: pair[0], in_speech_by: pair[1] };
    case 'EchoResonance':
      return pair && { kind: 'EchoResonance', echo_pattern: pair[0], character: pair[1] };
    case 'IntentInferred':
      return pair && { kind: 'IntentInferred', actor: pair[0], inferred_intent: pair[1] };
    case 'VulnerabilityExpressed':
      return first === undefined ? null : { kind: 'VulnerabilityExpressed', character: first };
    case 'DeceptionDetected':
      return first === undefined ? null : { kind: 'DeceptionDetected', actor: first, confidence: magnitude };
    case 'ThematicResonance':
      return first === undefined ? null : { kind: 'ThematicResonance', theme: first, intensity: magnitude };
    case 'PowerDynamicShift':
      return first === undefined ? null : { kind: 'PowerDynamicShift', context: first };
    // A scene's emotional target: the register the moment has reached, whatever it came from.
    case 'EmotionalRegister':
      return first === undefined ? null : { kind: 'EmotionalRegisterShift', from: UNKNOWN_REGISTER, to: first };
    case 'EmotionalRegisterShift':
      return pair && { kind: 'EmotionalRegisterShift', from: pair[0], to: pair[1] };
    case 'EngagementQuality':
      return first === undefined ? null : { kind: 'EngagementQuality', level: first };
    case 'DepartureSignificance':
      return first === undefined ? null : { kind: 'DepartureSignificance', departure_type: first };
    case 'NarrativeStasis':
      return args.length === 0 ? { kind: 'NarrativeStasis', duration_turns: 0 } : null;
    default:
      return null;
  }
}

/** The register a judged `EmotionalRegister(to)` came from, when only the arrival was asked about. */
export const UNKNOWN_REGISTER = 'unknown';

/** Whether a proposition is interpretive: a judgment can put it into the truth set (factual ones come from events). */
export function isInterpretive(key: string): boolean {
  return judgmentForProposition(key, 0) !== null;
}

/** Whether anything, an event or a judgment, can ever make this proposition true. */
export function isProducible(key: string): boolean {
  return canBecomeTrue(key, isInterpretive);
}

function direction(name: string, positive: string): 'positive' | 'negative' {
  return name === positive ? 'positive' : 'negative';
}

/** The characters a judgment is about: the sensitivity map is built for those present. */
export function judgmentSubjects(category: JudgmentCategory): string[] {
  switch (category.kind) {
    case 'TrustShift':
    case 'AffectionShift':
      return [...category.between];
    case 'EmotionExpressed':
    case 'VulnerabilityExpressed':
    case 'EchoResonance':
      return [category.character];
    case 'ToneDetected':
      return [category.in_speech_by];
    case 'IntentInferred':
    case 'DeceptionDetected':
      return [category.actor];
    default:
      return [];
  }
}

/** The interpretive proposition a judgment weighs (TrustEroding(player,wolf) for a negative TrustShift). */
export function judgedProposition(judgment: InterpretiveJudgment): string {
  for (const op of judgmentPropositions(judgment, 0)) if (op.op === 'weigh') return op.key;
  return judgment.category.kind;
}
