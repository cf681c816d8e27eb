// Classification stages 1 and 3 (event-system.md): rule-based, pure, microseconds. Stage 2 needs engine/world and
// Stage 4 an LLM; the turn runs those (engine/turn/classify).
export { buildLexicon, BUILT_IN_VERBS, wordsOf, type Lexicon, type LexiconSource, type EntityKind } from './lexicon.ts';
export {
  parseStructure,
  type ActionKind,
  type ParsedAction,
  type ParseContext,
  type ResolvedEntity,
  type StructuralParse,
} from './parse.ts';
export {
  buildSensitivityMap,
  matchSensitivity,
  PLAYER,
  type JudgmentStamp,
  type SensitivityEntry,
  type SensitivityInterest,
  type SensitivityMap,
} from './sensitivity.ts';
export type { Token } from './words.ts';
