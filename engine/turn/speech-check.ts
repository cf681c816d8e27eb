/**
 * Narration must carry no spoken words (pipeline-rules.md), "even single interjections": speech belongs to a cue. A
 * quoted span of two or more words, or one that ends in ! or ?, counts as speech; a quoted single word ("Closed")
 * is a label, not speech.
 */
const QUOTED_SPAN = /["“„«「]([^"”“»」]*)["”“»」]/gu;

export function findSpeech(narration: string): string | null {
  for (const match of narration.matchAll(QUOTED_SPAN)) {
    const inner = (match[1] ?? '').trim();
    if (inner.split(/\s+/u).filter(Boolean).length >= 2 || /[!?…]$/u.test(inner)) return match[0];
  }
  return null;
}

/** Character Dialog returns spoken words only: strip wrapping quotes and a leading "Name:" the model may add. */
export function cleanSpokenWords(text: string, speakerName: string): string {
  let words = text.trim();
  const prefix = `${speakerName}:`;
  if (words.toLowerCase().startsWith(prefix.toLowerCase())) words = words.slice(prefix.length).trim();
  const wrapped = /^["“„«]([\s\S]*)["”“»]$/u.exec(words);
  return (wrapped?.[1] ?? words).trim();
}
