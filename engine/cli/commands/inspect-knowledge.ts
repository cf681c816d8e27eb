import type { KnowledgeEntryView, KnowledgeGraphView } from '../../api/index.ts';

/** `inspect <save> kg <world|persona|character-id>`: one knowledge graph as of a turn, every entry with its provenance. */
export function formatKnowledge(view: KnowledgeGraphView): string {
  const name =
    view.graph === 'world'
      ? 'World KG'
      : `${view.graph === 'persona' ? 'Persona' : 'Character'} KG of ${view.owner ?? ''}`;
  const count = `${view.entries.length} ${view.entries.length === 1 ? 'entry' : 'entries'}`;
  const others = Object.entries(view.sizes.characters).map(([id, size]) => `${id} ${size}`);
  const lines = [
    `${name} after turn ${view.turn} — ${count}`,
    `Graphs: world ${view.sizes.world}, persona ${view.sizes.persona}${others.length === 0 ? '' : `, ${others.join(', ')}`}`,
    '',
    ...(view.entries.length === 0 ? ['  (no entries yet)'] : view.entries.flatMap(entryLines)),
  ];
  return `${lines.join('\n')}\n`;
}

function entryLines(entry: KnowledgeEntryView): string[] {
  const where = entry.place === null ? '' : ` at ${entry.place}`;
  const from = `${entry.source}${entry.ref === null ? '' : `, ${entry.ref}`}`;
  const about = entry.entities.length === 0 ? '' : ` · about ${entry.entities.join(', ')}`;
  const tags = entry.tags.length === 0 ? '' : ` · tags ${entry.tags.join(', ')}`;
  return [
    `  #${entry.seq} ${entry.kind} · salience ${entry.salience} · ${entry.time}${where} · from ${from}${about}${tags}`,
    `      ${entry.text}`,
  ];
}
