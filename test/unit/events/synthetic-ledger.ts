import type { InterpretiveJudgment, LedgerEntry, LedgerRecord } from '../../../engine/events/index.ts';

/** A seeded generator (no Math.random): the same seed gives the same ledger on every machine. */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const names = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);
const CHARACTERS = names('npc', 20);
const LOCATIONS = names('loc', 30);
const OBJECTS = names('obj', 50);
const KEYS = names('key', 20);

/** A plausible session ledger: arrivals, moves, objects, world state, shifts, provisional and refined judgments. */
export function syntheticLedger(length: number, seed = 7): LedgerEntry[] {
  const random = lcg(seed);
  const ledger: LedgerEntry[] = [];
  const provisional: string[] = [];
  for (let seq = 1; seq <= length; seq++) {
    const turn = 1 + Math.floor(seq / 8);
    ledger.push({ seq, turn, record: nextRecord(random, seq, turn, provisional) });
  }
  return ledger;
}

function nextRecord(random: () => number, seq: number, turn: number, provisional: string[]): LedgerRecord {
  const roll = random();
  const character = pick(random, CHARACTERS);
  if (roll < 0.12) return { kind: 'event', event: { type: 'CharacterArrival', character, scene_id: 's' } };
  if (roll < 0.2) return { kind: 'event', event: { type: 'CharacterDeparture', character, scene_id: 's' } };
  if (roll < 0.32)
    return {
      kind: 'event',
      event: { type: 'MovementAction', actor: character, from: pick(random, LOCATIONS), to: pick(random, LOCATIONS) },
    };
  if (roll < 0.44) {
    const action = random() < 0.5 ? 'pick_up' : 'drop';
    return {
      kind: 'event',
      event: { type: 'ActionPerformed', actor: character, action, target: pick(random, OBJECTS) },
    };
  }
  if (roll < 0.54)
    return {
      kind: 'event',
      event: {
        type: 'WorldStateChanged',
        key: pick(random, KEYS),
        old_value: null,
        new_value: Math.floor(random() * 5),
      },
    };
  if (roll < 0.64)
    return {
      kind: 'event',
      event: { type: 'RelationshipShifted', from: 'player', to: character, dimension: 'trust', delta: random() - 0.5 },
    };
  if (roll < 0.74)
    return {
      kind: 'event',
      event: { type: 'SpeechAct', speaker: 'player', addressee: character, content_hash: `h${seq}` },
    };
  const replaced = roll < 0.84 ? provisional.shift() : undefined;
  const id = `j${seq}`;
  const judgment: InterpretiveJudgment = {
    id,
    turn,
    scene_id: 's',
    source: { kind: 'ClassifierAgent', model: 'synthetic', latency_ms: 0 },
    standing: replaced === undefined ? 'provisional' : 'refined',
    replaces: replaced ?? null,
    category: {
      kind: 'TrustShift',
      between: ['player', character],
      direction: random() < 0.5 ? 'negative' : 'positive',
      magnitude: random() * 0.3,
    },
    confidence: Math.round(random() * 100) / 100,
    evidence: [],
    description: '',
  };
  if (replaced === undefined) provisional.push(id);
  return { kind: 'judgment', judgment };
}
