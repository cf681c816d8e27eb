import { PLAYER, propositionKey, type LedgerRecord, type TruthSet } from '../../events/index.ts';
import type { StoryPack } from '../../pack/index.ts';
import { mentionedPropositions } from '../../storykeeper/index.ts';
import { phaseOfDay, TIME_OF_DAY, worldFacts, type WorldFact, type WorldState } from '../../world/index.ts';
import { minuteOfDay } from '../world-time.ts';

/**
 * The world's facts as the truth set reads them (issue 23: one source). Where everyone is, what state things are in,
 * the story's flags and the time of day are the world's (engine/world `worldFacts`); when the world has moved on since
 * the truth set last heard — a character's round, a scene boundary, a journey or `/skip` — an event brings the truth
 * set to it (MovementAction, WorldStateChanged) in the turn's first cascade, so the triggers, gates and scene goals
 * that wait on it fire. A pack without a world keeps only its clock, from play time. Only facts the story names
 * somewhere (`At(player,…)`, `WorldState(key,…)`) enter the truth set: nothing else would read them.
 */
export function worldFactRecords(
  pack: StoryPack,
  truth: TruthSet,
  world: WorldState | null,
  time: string,
  personaId: string,
): LedgerRecord[] {
  const waited = waitedSlots(pack);
  if (waited.size === 0) return [];
  const facts: readonly WorldFact[] =
    world === null
      ? [
          {
            kind: 'state',
            slot: `world:${TIME_OF_DAY}`,
            key: TIME_OF_DAY,
            value: phaseOfDay(minuteOfDay(time)),
          },
        ]
      : worldFacts(world);
  return facts.flatMap((fact) => {
    const record =
      fact.kind === 'position' ? positionRecord(truth, fact, personaId, waited) : stateRecord(truth, fact, waited);
    return record === null ? [] : [record];
  });
}

function positionRecord(
  truth: TruthSet,
  fact: Extract<WorldFact, { kind: 'position' }>,
  personaId: string,
  waited: ReadonlySet<string>,
): LedgerRecord | null {
  // The truth set names the persona "player".
  const actor = fact.agent === personaId ? PLAYER : fact.agent;
  const slot = `location:${actor}`;
  if (!waited.has(slot)) return null;
  const held = truth.slots.get(slot) ?? null;
  if (held === propositionKey('At', actor, fact.location)) return null;
  const from = held === null ? fact.location : held.slice(`At(${actor},`.length, -1);
  return { kind: 'event', event: { type: 'MovementAction', actor, from, to: fact.location } };
}

function stateRecord(
  truth: TruthSet,
  fact: Extract<WorldFact, { kind: 'state' }>,
  waited: ReadonlySet<string>,
): LedgerRecord | null {
  if (!waited.has(fact.slot)) return null;
  const held = truth.slots.get(fact.slot) ?? null;
  if (held === propositionKey('WorldState', fact.key, fact.value)) return null;
  const old = held === null ? null : held.slice(`WorldState(${fact.key},`.length, -1);
  const event = { type: 'WorldStateChanged', key: fact.key, old_value: old, new_value: fact.value } as const;
  return { kind: 'event', event };
}

/** The truth-set slots the story's predicates and scenes name: `At(x,…)` is x's place, `WorldState(k,…)` key k. */
function waitedSlots(pack: StoryPack): Set<string> {
  const slots = new Set<string>();
  for (const { proposition } of mentionedPropositions(pack)) {
    const named = /^(At|WorldState)\(([^,()]+),/u.exec(proposition);
    if (named === null) continue;
    slots.add(named[1] === 'At' ? `location:${named[2]}` : `world:${named[2]}`);
  }
  return slots;
}
