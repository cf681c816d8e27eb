import type { LedgerRecord } from '../../events/index.ts';
import { entityNamer, type StoryPack } from '../../pack/index.ts';

/**
 * The Narrator's input tier: what the persona's words were classified as (Stage 2's factual events), in names rather
 * than ids, so the telling follows what the world accepted. One clause per event, joined with semicolons.
 */
export function understoodActions(pack: StoryPack, personaId: string, records: readonly LedgerRecord[]): string {
  const name = entityNamer(pack, personaId);
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
