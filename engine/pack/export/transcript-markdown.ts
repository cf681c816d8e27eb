import {
  transcriptTurns,
  type TranscriptBlock,
  type TranscriptMessage,
  type TranscriptOptions,
} from './transcript-blocks.ts';

/**
 * A save's story as Markdown: a heading per turn, narration as paragraphs, dialog with its speaker in bold. Every text
 * from the story is escaped, so it reads exactly as it was written: a `<script>` typed as input stays text, and a
 * `*` or `#` in it is no formatting.
 */
export function transcriptMarkdown(messages: readonly TranscriptMessage[], options: TranscriptOptions): string {
  const parts = [`# ${oneLine(options.title)}`];
  const opening = options.opening?.trim() ?? '';
  if (opening !== '') parts.push(escapeMarkdown(opening));
  for (const turn of transcriptTurns(messages, options)) {
    parts.push(`## Turn ${turn.number}`);
    for (const block of turn.blocks) parts.push(markdownBlock(block));
  }
  return `${parts.join('\n\n')}\n`;
}

function markdownBlock(block: TranscriptBlock): string {
  switch (block.kind) {
    case 'narration':
      return escapeMarkdown(block.text);
    case 'scene':
      return `---\n\n*${oneLine(block.text)}*`;
    case 'dialog': {
      const mood = block.mood === null || block.mood === '' ? '' : ` *(${oneLine(block.mood)})*`;
      return `**${oneLine(block.speaker)}**${mood}: ${escapeMarkdown(block.text)}`;
    }
    case 'intention':
      return quote(`**${oneLine(block.speaker)}:** ${escapeMarkdown(block.text)}`);
    case 'thought':
      return quote(`*${oneLine(block.speaker)} thinks:* ${escapeMarkdown(block.text)}`);
  }
}

/** Every line quoted, so a multi-line intention stays one quote. */
function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

/** One line of escaped text (titles, names, moods). */
function oneLine(text: string): string {
  return escapeMarkdown(text.replace(/\s+/gu, ' ').trim());
}

/**
 * Text as Markdown shows it literally: HTML's `&`, `<` and `>` as entities (no raw HTML survives, no line turns into a
 * quote), the characters Markdown reads as emphasis, code, links, headings or tables backslash-escaped, and a line
 * that would start a list kept as text. Line breaks stay, so paragraphs do.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/&/gu, '&amp;')
    .replace(/</gu, '&lt;')
    .replace(/>/gu, '&gt;')
    .replace(/[\\`*_[\]#|~]/gu, (char) => `\\${char}`)
    .replace(/^(\s*)([-+])(?=\s)/gmu, '$1\\$2')
    .replace(/^(\s*\d+)([.)])(?=\s)/gmu, '$1\\$2');
}
