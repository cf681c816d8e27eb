/**
 * Narration must carry no spoken words (pipeline-rules.md), "even single interjections": speech belongs to a cue. A
 * quoted span — in double quotes, guillemets or single quotes — counts as speech when it holds two or more words or
 * ends in punctuation ("Aye.", 'Run!'); a bare quoted word ("Closed") is a label. A line opened by a dash (the
 * European way of setting out dialog) is speech too; a dash inside a sentence is not.
 */
const QUOTED_SPAN = /["“„«「]([^"”“»」]*)["”“»」]/gu;
// An opening single quote starts a word (an apostrophe never does); the closing one ends it.
const SINGLE_QUOTED_SPAN = /(?<![\p{L}\p{N}])['‘]([^'‘’\n]+?)['’](?![\p{L}\p{N}])/gu;
const DASHED_LINE = /(?:^|\n)\s*[—–―]\s*\p{L}[^\n]*/u;

export function findSpeech(narration: string): string | null {
  for (const pattern of [QUOTED_SPAN, SINGLE_QUOTED_SPAN]) {
    for (const match of narration.matchAll(pattern)) if (isSpeech(match[1] ?? '')) return match[0];
  }
  return DASHED_LINE.exec(narration)?.[0].trim() ?? null;
}

function isSpeech(quoted: string): boolean {
  const inner = quoted.trim();
  return inner.split(/\s+/u).filter(Boolean).length >= 2 || /\p{L}[.,!?…—–-]$/u.test(inner);
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

const SPEECH_VERBS =
  'said|says|asked|asks|replied|replies|answered|answers|whispered|whispers|muttered|mutters|murmured|murmurs|called|calls|shouted|shouts|added|adds|snapped|snaps|hissed|hisses|laughed|laughs|sighed|sighs';
const QUOTE_MARKS = /["“”„«»「」]/u;
const STAGE_DIRECTION = /\*[^*]+\*|\([^)]*\)|\[[^\]]*\]/u;

/**
 * What in a Character Dialog reply is not spoken words (pipeline-rules.md: "no stage directions, no attribution, no
 * action"): a quote closing mid-reply with narration after it (`Sit, my lamb," she said`), an action in asterisks or
 * brackets, or an attribution ("…, she said."). Null when the reply is speech only.
 */
export function dialogProblem(words: string, speakerName: string): string | null {
  if (QUOTE_MARKS.test(words)) return 'it quotes its words inside narration (attribution or action around the quotes)';
  const direction = STAGE_DIRECTION.exec(words);
  if (direction !== null) return `it holds a stage direction (${direction[0]})`;
  const attribution = attributionOf(words, speakerName);
  if (attribution !== null) return `it attributes its words (${attribution})`;
  return null;
}

function attributionOf(words: string, speakerName: string): string | null {
  const names = ['he', 'she', 'they', 'I', ...speakerName.split(/\s+/u).filter(Boolean)].map(escapeRegExp);
  const pattern = new RegExp(`[,.!?…—–-]\\s*(?:${names.join('|')})\\s+(?:${SPEECH_VERBS})\\b[^.!?]*[.!?]?`, 'iu');
  return pattern.exec(words)?.[0].replace(/^[,.!?…—–-]\s*/u, '') ?? null;
}

/**
 * The spoken words of a reply that still carries attribution or stage directions after its repair: the quoted parts
 * when it quotes (a reply that opened without a quote counts its first part as quoted), else the reply with its
 * bracketed directions and trailing attribution cut. Empty when nothing spoken is left.
 */
export function spokenOnly(words: string, speakerName: string): string {
  const withoutDirections = words.replace(new RegExp(STAGE_DIRECTION.source, 'gu'), ' ');
  const parts = withoutDirections.split(new RegExp(QUOTE_MARKS.source, 'gu'));
  // Quotes alternate speech and narration; which side is which, the narration's look tells (a reply whose opening
  // quote was stripped starts with speech, one that set the scene first starts with narration).
  const even = parts.filter((_part, index) => index % 2 === 0);
  const odd = parts.filter((_part, index) => index % 2 === 1);
  const narrated = (side: readonly string[]) => side.filter((part) => looksNarrated(part, speakerName)).length;
  const quoted = odd.length > 0 && narrated(odd) < narrated(even) ? odd : even;
  const spoken = quoted
    .map((part) => {
      const attribution = attributionOf(part, speakerName);
      return attribution === null ? part : part.slice(0, part.indexOf(attribution));
    })
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  // A line cut at its attribution ends on the comma that led into it.
  return spoken
    .replace(/\s+/gu, ' ')
    .replace(/[,—–-]\s*$/u, '.')
    .trim();
}

function looksNarrated(part: string, speakerName: string): boolean {
  const subjects = ['he', 'she', 'they', ...speakerName.split(/\s+/u).filter(Boolean)].map(escapeRegExp);
  const action = new RegExp(`^(?:${subjects.join('|')})\\s+\\p{L}+s\\b`, 'iu');
  const said = new RegExp(`^(?:${subjects.join('|')})\\s+(?:${SPEECH_VERBS})\\b`, 'iu');
  return attributionOf(part, speakerName) !== null || action.test(part.trim()) || said.test(part.trim());
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}
