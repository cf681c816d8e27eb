import type { LedgerRecord } from '../../events/index.ts';
import type { StoryPack } from '../../pack/index.ts';

/**
 * The Narrator's input tier: what the persona's words were classified as (Stage 2's factual events), in names rather
 * than ids, so the telling follows what the world accepted. One clause per event, joined with semicolons.
 */
export function understoodActions(pack: StoryPack, personaId: string, records: readonly LedgerRecord[]): string {
  const name = nameOf(pack, personaId);
  const clauses = records.flatMap((record) => {
    if (record.kind !== 'event') return [];
    const event = record.event;
    switch (event.type) {
      case 'ActionPerformed':
        return [event.target === null ? event.action : `${event.action} ${name(event.target)}`];
      case 'ExaminationAction':
        return [`examine ${name(event.target)}`];
      case 'MovementAction':
        return [`go from ${name(event.from)} to ${name(event.to)}`];
      case 'SpeechAct':
        return [event.addressee === null ? 'speak' : `speak to ${name(event.addressee)}`];
      default:
        return [];
    }
  });
  return [...new Set(clauses)].join('; ');
}

function nameOf(pack: StoryPack, personaId: string): (id: string) => string {
  const names = new Map<string, string>([
    ...pack.locations.map((location) => [location.id, location.name] as const),
    ...(pack.world?.objects ?? []).map((object) => [object.id, `the ${object.name}`] as const),
    ...pack.characters.map((character) => [character.id, character.name] as const),
  ]);
  const persona = pack.personas.find((candidate) => candidate.id === personaId)?.name ?? personaId;
  names.set('player', persona).set(personaId, persona);
  return (id) => names.get(id) ?? id.replace(/[-_]/gu, ' ');
}
