import { SCENE_STEPS, toJson, toJsonObject, type BoundarySnapshot, type NpcState } from '../boundary/index.ts';
import type { StoryPack } from '../pack/index.ts';
import type { JsonValue, NewBoundaryRun, NewLedgerEntry, NewMessage, SaveStore } from '../store/index.ts';
import { npcStateAt } from './npc-state-at.ts';
import type { PlayState } from './play-state.ts';
import { charactersPresent } from './prompt-view.ts';

/**
 * The run a closing turn starts with: the scene's snapshot and the steps the next scene opens on (its checkpoint starts
 * the reflections' run, see SCENE_STEPS).
 */
export function boundaryRun(store: SaveStore, pack: StoryPack, scene: ClosingScene): { boundary: NewBoundaryRun } {
  return { boundary: { input: sceneSnapshot(store, pack, scene), steps: SCENE_STEPS } };
}

/** How many stored messages are read at a time while looking back for the scene's first. */
const PAGE = 200;

export interface ClosingScene {
  readonly reason: BoundarySnapshot['reason'];
  /** The closing turn's story number. */
  readonly turn: number;
  /** The play state the scene was played in (its place, time, cast and number). */
  readonly closing: PlayState;
  /** The play state the next scene starts from, as the closing turn commits it. */
  readonly next: PlayState;
  /** The closing turn's own messages and ledger rows, not yet in the save. */
  readonly messages: readonly NewMessage[];
  readonly ledger: readonly NewLedgerEntry[];
  readonly personaId: string;
  /** The npc state the closing turn commits (with the lore it learned); the save's latest when the turn wrote none. */
  readonly npc?: NpcState;
}

type Line = BoundarySnapshot['transcript'][number];

/**
 * The scene as it closes, for the scene-boundary run: its transcript (back to the marker that opened it), its ledger,
 * the Tier 3 work held for the boundary, who was there, and the npc and play states the boundary starts from.
 */
export function sceneSnapshot(store: SaveStore, pack: StoryPack, scene: ClosingScene): BoundarySnapshot {
  const own = scene.messages.map((message, index): Line => ({
    turn: scene.turn,
    seq: message.seq ?? index + 1,
    owner: message.owner,
    type: message.type,
    content: message.content,
    mood: message.mood ?? null,
    meta: toJson(message.meta ?? null),
  }));
  const transcript = sceneLines(store, own, scene.turn);
  const firstTurn = transcript[0]?.turn ?? scene.turn;
  const stored = store.ledger({ fromTurn: firstTurn });
  const ledger = [
    ...stored.map((entry) => ({ seq: entry.seq, turn: entry.turn, record: toJson(entry.record) })),
    ...scene.ledger.map((entry) => ({ seq: entry.seq, turn: scene.turn, record: toJson(entry.record) })),
  ];
  const previousNpc = scene.npc ?? npcStateAt(store, pack);
  const { closing, next } = scene;
  return {
    version: 1,
    turn: scene.turn,
    scene: closing.scene,
    reason: scene.reason,
    time: closing.time,
    location: closing.location,
    personaId: scene.personaId,
    present: [scene.personaId, ...charactersPresent(pack, closing).map((character) => character.id)],
    states: Object.fromEntries(Object.entries(closing.states).map(([id, states]) => [id, states.map(toJson)])),
    transcript,
    deferred: (next.events?.deferred ?? closing.events?.deferred ?? []).map(toJson),
    ledger,
    npc: toJson(previousNpc),
    playState: toJsonObject(next),
  };
}

/** The scene's lines: back to the marker that opened it (kept) or the one that closed the scene before (left out). */
function sceneLines(store: SaveStore, own: readonly Line[], closingTurn: number): Line[] {
  let lines: Line[] = [...own];
  const start = (candidates: readonly Line[]) => sceneStart(candidates, closingTurn);
  let found = start(lines);
  let before: number | null = null;
  while (found === null) {
    const page = store.messagesBefore(before, PAGE);
    if (page.length === 0) break;
    before = page[0]?.id ?? null;
    lines = [...page.map(storedLine), ...lines];
    found = start(lines);
  }
  return lines.slice(found ?? 0);
}

function sceneStart(lines: readonly Line[], closingTurn: number): number | null {
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const marker = markerOf(lines[index]);
    if (marker === 'scene_open' || marker === 'location_change') return index;
    // The closing turn's own close marks the end of this scene, not of the one before.
    if ((marker === 'scene_close' || marker === 'time_skip') && lines[index]?.turn !== closingTurn) return index + 1;
  }
  return null;
}

function markerOf(line: Line | undefined): string | null {
  const meta = line?.meta;
  if (line?.type !== 'scene_marker' || typeof meta !== 'object' || meta === null || Array.isArray(meta)) return null;
  const marker = 'marker' in meta ? meta['marker'] : null;
  return typeof marker === 'string' ? marker : null;
}

function storedLine(message: {
  turnNumber: number;
  seq: number;
  owner: string;
  type: string;
  content: string;
  mood: string | null;
  meta: JsonValue | null;
}): Line {
  const { turnNumber, seq, owner, type, content, mood, meta } = message;
  return { turn: turnNumber, seq, owner, type, content, mood, meta: toJson(meta) };
}
