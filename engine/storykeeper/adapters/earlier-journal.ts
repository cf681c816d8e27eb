import type { Subscription } from '../../events/index.ts';
import type { PromptMessage } from '../../prompts/index.ts';
import { stickyWindowStart } from '../../prompts/index.ts';
import { compressJournal } from '../compress-journal.ts';
import { DEFAULT_JOURNAL_COMPRESSION, type JournalCompression, type JournalEntry } from '../journal.ts';

/** Older turns than this many before the history window drop out of the journal altogether. */
const SKELETON_TURNS = 16;
const SKELETON_WORDS = 6;
/** A turn in which a trigger fired weighs this much; any other turn the baseline. */
const FIRED_WEIGHT = 0.8;
const BASELINE_WEIGHT = 0.3;

/** What the event system saw in a turn: the triggers that fired, and which of them answered a felt moment. */
export interface TurnMoments {
  readonly fired: readonly string[];
  /** Fired subscriptions that listen for interpretive judgments (trust, vulnerability, an echo …). */
  readonly felt: readonly string[];
}

export interface EarlierJournalInputs {
  /** The Narrator's public history, oldest first. */
  readonly history: readonly PromptMessage[];
  /** How many messages the history window prints in full (`limits.history`). */
  readonly limit: number;
  /** Per turn, what fired in it: weighty and felt turns resist compression. */
  readonly moments: ReadonlyMap<number, TurnMoments>;
  readonly compression: Pick<JournalCompression, 'full' | 'summarised'>;
}

/**
 * Tier 2 beyond the history window: the turns that scrolled out of it, one journal entry each, compressed with age
 * (summary, then skeleton; heavy and felt turns keep more; repeats collapse). It starts where the sticky window starts,
 * so it changes only when the window moves and the Narrator's cached prompt prefix survives the turns in between.
 */
export function earlierJournal(inputs: EarlierJournalInputs): string {
  const start = stickyWindowStart(inputs.history.length, inputs.limit);
  const earlier = inputs.history.slice(0, start);
  const { full, summarised } = inputs.compression;
  const entries = entriesByTurn(earlier, inputs.moments).slice(-(full + summarised + SKELETON_TURNS));
  const options = { ...DEFAULT_JOURNAL_COMPRESSION, full, summarised };
  return compressJournal(entries, options)
    .map((line) => `[${turnsOf(line.fromTurn, line.toTurn)}] ${line.text}`)
    .join('\n');
}

function entriesByTurn(messages: readonly PromptMessage[], moments: ReadonlyMap<number, TurnMoments>): JournalEntry[] {
  const byTurn = new Map<number, PromptMessage[]>();
  for (const message of messages) {
    if (message.type === 'scene_marker') continue;
    const turn = byTurn.get(message.turn);
    if (turn === undefined) byTurn.set(message.turn, [message]);
    else turn.push(message);
  }
  return [...byTurn].map(([turn, lines]) => ({
    id: `turn-${turn}`,
    turn,
    text: lines.map((message) => message.line).join(' '),
    summary: summaryOf(lines),
    skeleton: skeletonOf(lines),
    narrativeWeight: (moments.get(turn)?.fired.length ?? 0) > 0 ? FIRED_WEIGHT : BASELINE_WEIGHT,
    emotionalMarkers: moments.get(turn)?.felt ?? [],
  }));
}

/** The first sentence of the turn's narration, and who spoke. */
function summaryOf(lines: readonly PromptMessage[]): string {
  const speakers = speakersOf(lines);
  const spoke = speakers.length === 0 ? '' : ` ${speakers.join(' and ')} spoke.`;
  return `${openingOf(lines)}${spoke}`.trim();
}

/** A few words of the opening, and who spoke. */
function skeletonOf(lines: readonly PromptMessage[]): string {
  const words = openingOf(lines)
    .split(/\s+/u)
    .filter((word) => word.length > 0);
  const opening = words.length <= SKELETON_WORDS ? words.join(' ') : `${words.slice(0, SKELETON_WORDS).join(' ')} …`;
  const speakers = speakersOf(lines);
  return speakers.length === 0 ? opening : `${opening} (${speakers.join(', ')})`;
}

function openingOf(lines: readonly PromptMessage[]): string {
  const narration = (lines.find((message) => message.type === 'narration')?.content ?? '').trim();
  return /^.*?[.!?](?=\s|$)/su.exec(narration)?.[0] ?? narration;
}

function speakersOf(lines: readonly PromptMessage[]): string[] {
  return [...new Set(lines.filter((message) => message.type === 'dialog').map((message) => message.name))];
}

function turnsOf(from: number, to: number): string {
  return from === to ? `turn ${from}` : `turns ${from}–${to}`;
}

/** Per turn, the triggers that fired (from the play state's event record) and which of them listen for feelings. */
export function turnMoments(
  fired: readonly (readonly [string, number])[],
  triggers: readonly Subscription[],
): Map<number, TurnMoments> {
  const listensForFeeling = new Set(
    triggers.filter((trigger) => (trigger.sensitivity ?? []).length > 0).map((trigger) => trigger.id),
  );
  const moments = new Map<number, { fired: string[]; felt: string[] }>();
  for (const [id, turn] of fired) {
    const moment = moments.get(turn) ?? { fired: [], felt: [] };
    moment.fired.push(id);
    if (listensForFeeling.has(id)) moment.felt.push(id);
    moments.set(turn, moment);
  }
  return moments;
}
