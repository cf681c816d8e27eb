import type { ChronicleCharacterView } from '../engine.ts';
import { TIER_LABELS } from './character-format.ts';

/** A character's tier, as the roster holds it as of the turn: how much of the world's attention it gets. */
export function TierBadge(props: { readonly tier: ChronicleCharacterView['tier'] }) {
  return <span className={`tier-badge tier-${props.tier}`}>{TIER_LABELS[props.tier]}</span>;
}
