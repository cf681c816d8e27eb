import {
  transcriptTurns,
  type TranscriptBlock,
  type TranscriptMessage,
  type TranscriptOptions,
} from './transcript-blocks.ts';

/** A save's story as Markdown: a heading per turn, narration as paragraphs, dialog with its speaker in bold. */
export function transcriptMarkdown(messages: readonly TranscriptMessage[], options: TranscriptOptions): string {
  const parts = [`# ${oneLine(options.title)}`];
  for (const turn of transcriptTurns(messages, options)) {
    parts.push(`## Turn ${turn.number}`);
    for (const block of turn.blocks) parts.push(markdownBlock(block));
  }
  return `${parts.join('\n\n')}\n`;
}

function markdownBlock(block: TranscriptBlock): string {
  switch (block.kind) {
    case 'narration':
      return block.text;
    case 'scene':
      return `---\n\n*${oneLine(block.text)}*`;
    case 'dialog': {
      const mood = block.mood === null || block.mood === '' ? '' : ` *(${oneLine(block.mood)})*`;
      return `**${oneLine(block.speaker)}**${mood}: ${block.text}`;
    }
    case 'intention':
      return quote(`**${oneLine(block.speaker)}:** ${block.text}`);
    case 'thought':
      return quote(`*${oneLine(block.speaker)} thinks:* ${block.text}`);
  }
}

/** Every line quoted, so a multi-line intention stays one quote. */
function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

function oneLine(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}
