import {
  transcriptTurns,
  type TranscriptBlock,
  type TranscriptMessage,
  type TranscriptOptions,
} from './transcript-blocks.ts';

const STYLE = `body{font:17px/1.6 Georgia,serif;max-width:42em;margin:2em auto;padding:0 1em;color:#222}
h2{font-size:1em;color:#777;border-top:1px solid #ddd;padding-top:1em}
.speaker{font-weight:bold}.mood{color:#777;font-style:italic}
.intention,.thought{border-left:3px solid #ccc;padding-left:1em;color:#444}.thought{font-style:italic}
.scene{text-align:center;color:#777;font-style:italic}`;

/** A save's story as one self-contained HTML page (no scripts, no external files); every text is escaped. */
export function transcriptHtml(messages: readonly TranscriptMessage[], options: TranscriptOptions): string {
  const body: string[] = [`<h1>${escapeHtml(options.title)}</h1>`];
  const opening = options.opening?.trim() ?? '';
  if (opening !== '') body.push(paragraphs(opening, 'opening', ''));
  for (const turn of transcriptTurns(messages, options)) {
    body.push(`<section class="turn"><h2>Turn ${turn.number}</h2>`);
    for (const block of turn.blocks) body.push(htmlBlock(block));
    body.push('</section>');
  }
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8">',
    `<title>${escapeHtml(options.title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head><body>',
    ...body,
    '</body></html>',
    '',
  ].join('\n');
}

function htmlBlock(block: TranscriptBlock): string {
  switch (block.kind) {
    case 'narration':
      return paragraphs(block.text, 'narration', '');
    case 'scene':
      return `<p class="scene">${escapeHtml(block.text)}</p>`;
    case 'dialog': {
      const mood =
        block.mood === null || block.mood === '' ? '' : ` <span class="mood">(${escapeHtml(block.mood)})</span>`;
      return paragraphs(block.text, 'dialog', `<span class="speaker">${escapeHtml(block.speaker)}</span>${mood}: `);
    }
    case 'intention':
      return paragraphs(block.text, 'intention', `<span class="speaker">${escapeHtml(block.speaker)}:</span> `);
    case 'thought':
      return paragraphs(block.text, 'thought', `<span class="speaker">${escapeHtml(block.speaker)} thinks:</span> `);
  }
}

/** Blank lines split paragraphs and single line breaks stay breaks, as the writer meant them. */
function paragraphs(text: string, kind: string, lead: string): string {
  return text
    .split(/\n\s*\n/u)
    .map(
      (part, index) => `<p class="${kind}">${index === 0 ? lead : ''}${escapeHtml(part).replace(/\n/gu, '<br>')}</p>`,
    )
    .join('\n');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/gu, (char) => `&#${char.charCodeAt(0)};`);
}
