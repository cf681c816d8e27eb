import type { LedgerRecord } from './ledger.ts';
import type { NarrativeEvent } from './narrative-event.ts';
import type { Effect, PriorityTier } from './subscription.ts';
import type { TruthSet } from './truth-set.ts';

/** What an effect asks of the turn without being a truth-set event: the Narrator renders these. */
export type Directive =
  | { readonly kind: 'mandate'; readonly mandate: string; readonly subscriptionId: string; readonly tier: PriorityTier }
  | {
      readonly kind: 'echo';
      readonly echo: string;
      readonly character: string;
      readonly subscriptionId: string;
      readonly tier: PriorityTier;
    };

export type EffectOutcome =
  | { readonly kind: 'record'; readonly record: LedgerRecord }
  | { readonly kind: 'directive'; readonly directive: Directive };

/**
 * An effect either emits an event, which re-enters the truth set (and may fire further triggers: the cascade), or a
 * directive for the turn.
 */
export function effectOutcome(
  effect: Effect,
  subscriptionId: string,
  tier: PriorityTier,
  truth: TruthSet,
): EffectOutcome {
  switch (effect.kind) {
    case 'RevealFact':
      return {
        kind: 'record',
        record: {
          kind: 'event',
          event: { type: 'InformationRevealed', gate_id: effect.gate, recipient: effect.recipient },
        },
      };
    case 'ShiftRelationship': {
      const { from, to, dimension, delta } = effect;
      return {
        kind: 'record',
        record: { kind: 'event', event: { type: 'RelationshipShifted', from, to, dimension, delta } },
      };
    }
    case 'SetWorldState': {
      const event: NarrativeEvent = {
        type: 'WorldStateChanged',
        key: effect.key,
        old_value: worldValue(truth, effect.key),
        new_value: effect.value,
      };
      return { kind: 'record', record: { kind: 'event', event } };
    }
    case 'MandateNarrativeShift':
      return { kind: 'directive', directive: { kind: 'mandate', mandate: effect.mandate, subscriptionId, tier } };
    case 'FireEcho':
      return {
        kind: 'directive',
        directive: { kind: 'echo', echo: effect.echo, character: effect.character, subscriptionId, tier },
      };
  }
}

/** The current value of a world-state key as the truth set spells it (`WorldState(key,value)`), or null. */
function worldValue(truth: TruthSet, key: string): string | null {
  const proposition = truth.slots.get(`world:${key}`);
  if (proposition === undefined) return null;
  return proposition.slice(`WorldState(${key},`.length, -1);
}
