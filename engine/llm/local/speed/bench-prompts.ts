import type { LlmMessage } from '../../types.ts';

const PLACES = ['quay', 'tavern', 'custom house', 'harbour office', 'lighthouse', 'rope walk', 'chapel', 'smithy'];
const WEATHER = ['rain', 'fog', 'a hard frost', 'a warm wind', 'sleet', 'a clear moon'];

/**
 * A story-like prompt of about `words` words. `round` changes its first line, so no call reuses another's KV cache
 * and every prompt-processing figure measures a whole prompt.
 */
export function longPrompt(round: number, words: number): LlmMessage[] {
  const lines: string[] = [`Evening ${round + 1}. You narrate a smugglers' port in 1768 for one player.`];
  for (let index = 0; lines.join(' ').split(/\s+/u).length < words; index++) {
    const place = PLACES[(index + round) % PLACES.length] ?? 'quay';
    const weather = WEATHER[(index * 3 + round) % WEATHER.length] ?? 'rain';
    lines.push(
      `At the ${place}, under ${weather}, someone counts barrels by lantern light and keeps the tally to themselves; ` +
        `a door stands half open, and the talk turns to ships that came in after dark.`,
    );
  }
  return [
    { role: 'system', content: lines.join('\n') },
    { role: 'user', content: 'Write the next scene of the story at length, in rich detail.' },
  ];
}

/** A short prompt for generation-bound measurements; `slot` makes each concurrent call's prompt its own. */
export function shortPrompt(slot: number, round: number): LlmMessage[] {
  const place = PLACES[(slot + round) % PLACES.length] ?? 'quay';
  return [
    { role: 'system', content: `You narrate a smugglers' port. Scene ${round + 1}.${slot + 1}.` },
    { role: 'user', content: `Describe the ${place} at night, at length.` },
  ];
}
