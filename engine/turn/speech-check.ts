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
  // Quotes are stripped at each end on their own: a model that opens a quote often forgets to close it.
  return words
    .replace(/^["“„«]+/u, '')
    .replace(/["”“»]+$/u, '')
    .trim();
}

/**
 * Cleans spoken words while they stream: a possible leading `Name:` or opening quote is held back until it is
 * certain, and trailing quotes until the end, so what the player watches grow is what the turn commits.
 */
export function spokenWordsStream(speakerName: string, emit: (delta: string) => void) {
  let raw = '';
  let emitted = '';
  const prefix = `${speakerName}:`.toLowerCase();
  const send = (clean: string): void => {
    if (clean.startsWith(emitted) && clean.length > emitted.length) {
      emit(clean.slice(emitted.length));
      emitted = clean;
    }
  };
  return {
    push(delta: string): void {
      raw += delta;
      const start = raw.trimStart().toLowerCase();
      if (prefix.startsWith(start) || /^["“„«]?$/u.test(start)) return;
      send(cleanSpokenWords(raw, speakerName).replace(/\s+$/u, ''));
    },
    finish(): string {
      const words = cleanSpokenWords(raw, speakerName);
      send(words);
      return words;
    },
  };
}
