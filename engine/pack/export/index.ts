/** Community formats out: a character as a V2 + V3 PNG card, a save's story as Markdown or HTML. */
export { exportCharacterCard, cardPng, portraitPath } from './export-card.ts';
export { characterToCards, type CardPair } from './character-to-card.ts';
export { transcriptMarkdown } from './transcript-markdown.ts';
export { transcriptHtml } from './transcript-html.ts';
export type { TranscriptMessage, TranscriptOptions } from './transcript-blocks.ts';
