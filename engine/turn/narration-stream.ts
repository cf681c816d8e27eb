import type { NewMessage, StreamEntry } from '../stream/index.ts';
import { NARRATOR_OWNER } from '../stream/index.ts';
import { appendWhole, pendingId } from './append.ts';
import { leadingNarrationScanner } from './beat-stream.ts';
import { findSpeech } from './speech-check.ts';
import type { TurnContext } from './turn-context.ts';

/**
 * A quote opened and not yet closed (double, or single where no letter precedes it: not an apostrophe): what follows
 * may be speech, which a narration beat must not carry, so it is held back until the quote closes.
 */
const OPEN_QUOTE = /(?:["“„«「][^"”“»」]*|(?<![\p{L}\p{N}])['‘][^'‘’\n]*)$/u;

interface ShownBeat {
  readonly pendingId: string;
  /** The decoded content so far, untrimmed. */
  raw: string;
  /** What the player has been shown: the content trimmed, held back at an open quote. */
  shown: string;
}

/**
 * Shows the Narrator's leading narration beats while its beat script is written (the player's first prose need not
 * wait for the whole script), then settles them against the script it returned: `append` keeps what was shown and
 * adds any rest, `withdrawAll` takes back what a rejected script showed. Each beat is shown under the pending id its
 * message will have: the leading beats are the next messages of the turn, in order.
 */
export function narrationStream(context: TurnContext) {
  const firstSeq = context.buffer.nextSeq();
  const beats = new Map<number, ShownBeat>();
  let withdrawn = false;

  const show = (beat: ShownBeat, text: string): void => {
    if (!text.startsWith(beat.shown) || text.length === beat.shown.length) return;
    context.emit({
      type: 'message.delta',
      saveId: context.saveId,
      pendingId: beat.pendingId,
      delta: text.slice(beat.shown.length),
    });
    beat.shown = text;
  };

  const withdraw = (beat: ShownBeat): void => {
    context.emit({ type: 'message.withdrawn', saveId: context.saveId, pendingId: beat.pendingId });
  };

  const onText = leadingNarrationScanner({
    text(index, chunk) {
      if (withdrawn) return;
      let beat = beats.get(index);
      if (beat === undefined) {
        if (chunk.trim() === '') return;
        beat = { pendingId: pendingId({ turn: context.buffer.turn, seq: firstSeq + index }), raw: '', shown: '' };
        beats.set(index, beat);
        context.emit({
          type: 'message.pending',
          saveId: context.saveId,
          turn: context.buffer.turn,
          pendingId: beat.pendingId,
          owner: NARRATOR_OWNER,
          messageType: 'narration',
          mood: null,
        });
      }
      beat.raw += chunk;
      // Speech in narration fails the script: take the beats back at once rather than show more of them.
      if (findSpeech(beat.raw) !== null) {
        withdrawAll();
        return;
      }
      show(beat, beat.raw.replace(OPEN_QUOTE, '').trim());
    },
  });

  function withdrawAll(): void {
    withdrawn = true;
    for (const beat of beats.values()) withdraw(beat);
    beats.clear();
  }

  return {
    onTextDelta: onText,
    withdrawAll,
    /** Appends narration beat `index` of the accepted script: its shown part stays, the rest follows. */
    append(index: number, message: NewMessage): StreamEntry {
      const beat = beats.get(index);
      beats.delete(index);
      const expected = pendingId({ turn: context.buffer.turn, seq: context.buffer.nextSeq() });
      if (beat === undefined || beat.pendingId !== expected || !message.content.startsWith(beat.shown)) {
        if (beat !== undefined) withdraw(beat);
        return appendWhole(context, message);
      }
      show(beat, message.content);
      return context.buffer.append(message);
    },
    /**
     * Takes back what the accepted script does not begin with: beats from `count` on (-1: keep all). Before any cue is
     * spoken, so no message of this turn ever reuses the pending id of a beat still on show.
     */
    keepLeading(count: number): void {
      for (const [index, beat] of beats) {
        if (count !== -1 && index >= count) {
          withdraw(beat);
          beats.delete(index);
        }
      }
    },
  };
}

export type NarrationStream = ReturnType<typeof narrationStream>;
