import type { TranscriptFormat } from '../api/index.ts';
import { transcriptHtml, transcriptMarkdown, type StoryPack } from '../pack/index.ts';
import type { SaveStore } from '../store/index.ts';
import { openingText } from '../turn/index.ts';

/**
 * The save's story as its player saw it, as Markdown or HTML. Speakers' display names and the opening come from the
 * save's pack when there is one; without it the transcript shows ids and starts at the first turn.
 */
export function transcript(
  store: SaveStore,
  pack: StoryPack | null,
  options: { readonly format: TranscriptFormat; readonly thoughts: boolean },
): string {
  const meta = store.meta();
  const messages = store.messagesBefore(null, Math.max(1, store.messageCount()));
  const shown = {
    title: meta.title,
    personaId: meta.personaId,
    names: pack === null ? {} : namesOf(pack),
    opening: pack === null ? null : openingText(pack, meta.personaId),
    thoughts: options.thoughts,
  };
  return options.format === 'html' ? transcriptHtml(messages, shown) : transcriptMarkdown(messages, shown);
}

function namesOf(pack: StoryPack): Record<string, string> {
  return Object.fromEntries([...pack.characters, ...pack.personas].map((item) => [item.id, item.name]));
}
