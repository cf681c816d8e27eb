import {
  DEFAULT_JOURNAL_COMPRESSION,
  type CompressionLevel,
  type JournalCompression,
  type JournalEntry,
  type JournalLine,
} from './journal.ts';

const LEVELS: readonly CompressionLevel[] = ['full', 'summary', 'skeleton'];

/**
 * Progressive compression of the journal (entries oldest first, lines in the same order): the newest entries in
 * full, older ones summarised, the oldest as a skeleton. A heavy entry and an entry with emotional markers each keep
 * one level more detail. Compressed entries that repeat a pattern collapse into one note where the last one stood.
 */
export function compressJournal(
  entries: readonly JournalEntry[],
  options: JournalCompression = DEFAULT_JOURNAL_COMPRESSION,
): JournalLine[] {
  const levels = entries.map((entry, index) => levelOf(entry, entries.length - 1 - index, options));
  const repeats = new Map<string, JournalEntry[]>();
  entries.forEach((entry, index) => {
    if (!collapsible(entry, levels[index] ?? 'full', options)) return;
    const key = entry.pattern ?? '';
    const group = repeats.get(key);
    if (group === undefined) repeats.set(key, [entry]);
    else group.push(entry);
  });
  const lines: JournalLine[] = [];
  entries.forEach((entry, index) => {
    const level = levels[index] ?? 'full';
    const group = collapsible(entry, level, options) ? (repeats.get(entry.pattern ?? '') ?? []) : [];
    if (group.length < 2) {
      lines.push({
        ids: [entry.id],
        fromTurn: entry.turn,
        toTurn: entry.turn,
        level,
        text: render(entry, level, options),
      });
    } else if (group.at(-1) === entry) {
      lines.push(collapse(group));
    }
  });
  return lines;
}

/** `age` 0 is the newest entry. */
function levelOf(entry: JournalEntry, age: number, options: JournalCompression): CompressionLevel {
  const base = age < options.full ? 0 : age < options.full + options.summarised ? 1 : 2;
  const resistance = (resists(entry, options) ? 1 : 0) + (entry.emotionalMarkers.length > 0 ? 1 : 0);
  return LEVELS[Math.max(0, base - resistance)] ?? 'full';
}

function resists(entry: JournalEntry, options: JournalCompression): boolean {
  return entry.narrativeWeight >= options.heavyWeight;
}

/** Only plain compressed repeats collapse: a felt or heavy moment stays itself even when it repeats a pattern. */
function collapsible(entry: JournalEntry, level: CompressionLevel, options: JournalCompression): boolean {
  return (
    entry.pattern !== undefined && level !== 'full' && entry.emotionalMarkers.length === 0 && !resists(entry, options)
  );
}

function collapse(group: readonly JournalEntry[]): JournalLine {
  const first = group[0]?.turn ?? 0;
  const last = group.at(-1)?.turn ?? first;
  const pattern = group[0]?.pattern ?? '';
  return {
    ids: group.map((entry) => entry.id),
    fromTurn: first,
    toTurn: last,
    level: 'collapsed',
    text: `${pattern} (×${group.length}, turns ${first}–${last})`,
  };
}

function render(entry: JournalEntry, level: CompressionLevel, options: JournalCompression): string {
  if (level === 'full') return entry.text;
  const summary = entry.summary ?? firstSentence(entry.text);
  if (level === 'summary') return summary;
  if (entry.skeleton !== undefined) return entry.skeleton;
  const words = summary.split(/\s+/).filter((word) => word.length > 0);
  return words.length <= options.skeletonWords ? summary : `${words.slice(0, options.skeletonWords).join(' ')} …`;
}

function firstSentence(text: string): string {
  const match = /^.*?[.!?](?=\s|$)/su.exec(text.trim());
  return match?.[0] ?? text.trim();
}
