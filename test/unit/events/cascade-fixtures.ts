import {
  type CascadeLimits,
  runCascade,
  TriggerIndex,
  TruthSet,
  type LedgerRecord,
  type Subscription,
} from '../../../engine/events/index.ts';
import { eventRecord, subscription } from './fixtures.ts';

export const atom = (proposition: string) => ({ kind: 'Atom', proposition });
export const reveal = (gate: string): LedgerRecord =>
  eventRecord({ type: 'InformationRevealed', gate_id: gate, recipient: 'player' });
export const setStep = (value: number): LedgerRecord =>
  eventRecord({ type: 'WorldStateChanged', key: 'step', old_value: null, new_value: value });
const stillClock = () => 0;

export function cascade(
  subscriptions: Subscription[],
  records: LedgerRecord[],
  options: { monotonic?: () => number; limits?: CascadeLimits } = {},
) {
  const triggers = new TriggerIndex(subscriptions);
  const truth = new TruthSet();
  const result = runCascade({
    truth,
    triggers,
    turn: 1,
    firstSeq: 1,
    records,
    monotonic: options.monotonic ?? stillClock,
    ...(options.limits ? { limits: options.limits } : {}),
  });
  return { result, truth, triggers };
}

/** sub i: WorldState(step,i) → set step to i+1: a chain as long as there are subscriptions. */
export const chain = (length: number, tier = 'immediate'): Subscription[] =>
  Array.from({ length }, (_, i) =>
    subscription({
      id: `step${i}`,
      tier,
      predicate: atom(`WorldState(step,${i})`),
      effects: [{ kind: 'SetWorldState', key: 'step', value: i + 1 }],
    }),
  );
