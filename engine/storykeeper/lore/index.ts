// Lorebook activation with SillyTavern World Info semantics: a lorebook compiled once, matched against what a
// principal saw. The Storykeeper turns what it activates into retrieved-tier candidates.
export {
  compileLore,
  type LoreMatcher,
  type MatchableLore,
  type MatchDefaults,
  type SelectiveLogic,
} from './lore-matcher.ts';
export { activateLore, type ActivationOptions, type ActivationReason, type LoreActivation } from './activate-lore.ts';
