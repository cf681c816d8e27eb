import type { Volume } from '../../world/index.ts';

const SHOUTED =
  /\b(shout\w*|yell\w*|bellow\w*|roar\w*|scream\w*|holler\w*|cry out|cries out|call out|calls out|hail\w*)\b/iu;
const WHISPERED =
  /\b(whisper\w*|murmur\w*|mutter\w*|breathe[sd]?|under (?:my|his|her|their) breath|in a low voice)\b/iu;

/**
 * How loud an intention speaks, from its words: a /whisper or whispering words are a whisper, shouting words or a
 * line that ends in "!" at least twice are a shout, anything else is said at a normal voice. How far it carries is
 * the world's business (getAudibleRange).
 */
export function volumeOf(text: string, whispered: boolean): Volume {
  if (whispered || WHISPERED.test(text)) return 'whisper';
  if (SHOUTED.test(text) || (text.match(/!/gu)?.length ?? 0) >= 2) return 'shout';
  return 'normal';
}
