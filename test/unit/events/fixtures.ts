import {
  subscriptionSchema,
  type InterpretiveJudgment,
  type JudgmentCategory,
  type LedgerEntry,
  type LedgerRecord,
  type NarrativeEvent,
  type Subscription,
} from '../../../engine/events/index.ts';

export const eventRecord = (event: NarrativeEvent): LedgerRecord => ({ kind: 'event', event });

export function judgment(
  id: string,
  category: JudgmentCategory,
  confidence: number,
  extra: Partial<InterpretiveJudgment> = {},
): InterpretiveJudgment {
  return {
    id,
    turn: 1,
    scene_id: 's5',
    source: { kind: 'ClassifierAgent', model: 'sensitivity_matcher', latency_ms: 0 },
    standing: 'provisional',
    replaces: null,
    category,
    confidence,
    evidence: [],
    description: '',
    ...extra,
  };
}

export const judgmentRecord = (value: InterpretiveJudgment): LedgerRecord => ({ kind: 'judgment', judgment: value });

export const trustShift = (id: string, confidence: number, magnitude = 0.15): InterpretiveJudgment =>
  judgment(id, { kind: 'TrustShift', between: ['player', 'wolf'], direction: 'negative', magnitude }, confidence);

/** Numbers ledger records in order, all in one turn unless told. */
export function entries(records: readonly LedgerRecord[], turn = 1, firstSeq = 1): LedgerEntry[] {
  return records.map((record, index) => ({ seq: firstSeq + index, turn, record }));
}

/** A subscription as a pack would author it (defaults filled by the schema). */
export function subscription(authored: Record<string, unknown>): Subscription {
  return subscriptionSchema.parse({ subscriber: 'test', ...authored });
}

export const arrival = (character: string): LedgerRecord =>
  eventRecord({ type: 'CharacterArrival', character, scene_id: 's5' });
export const departure = (character: string): LedgerRecord =>
  eventRecord({ type: 'CharacterDeparture', character, scene_id: 's5' });
