import { TURN_STAGES, type TurnStage } from '../api/index.ts';
import type { StreamCursor, StreamEntry } from './types.ts';
import { compareEntries } from './types.ts';

/** The stages whose views the visibility matrix governs: the turn's stages. */
export const VIEW_STAGES = TURN_STAGES;
export type ViewStage = TurnStage;

export interface ViewRequest {
  readonly stage: ViewStage;
  /** Whose stage this is: the persona or character id (the Narrator and Lore Extractor have none of their own). */
  readonly principal: string;
  readonly cursor: StreamCursor;
  /** Narrator only: the one intention it is resolving. */
  readonly resolving?: Pick<StreamEntry, 'turn' | 'seq'>;
}

/**
 * The visibility matrix of pipeline-rules.md as one pure function: may this stage, for this principal, at this point
 * of the turn, see this message? `system` messages reach no stage; thoughts reach only their owner's own stages.
 */
export function isVisible(message: StreamEntry, request: ViewRequest): boolean {
  const { stage, principal, cursor } = request;
  const own = message.owner === principal;
  const beforeRound = compareEntries(message, { turn: cursor.turn, seq: cursor.roundStartSeq }) < 0;
  const inRound = message.turn === cursor.turn && message.seq >= cursor.roundStartSeq;
  const publicSpeech = message.type === 'narration' || message.type === 'dialog';
  // A character knows only what happened where it was: narration and dialog it did not witness never reach its stages.
  if (stage !== 'narrator' && stage !== 'lore_extractor' && !own && !witnessed(message, principal)) return false;
  switch (stage) {
    case 'persona_intent':
    case 'npc_intent':
      return publicSpeech || (own && (message.type === 'intention' || message.type === 'thought'));
    case 'narrator':
      if (message.type === 'intention') {
        return request.resolving !== undefined && compareEntries(message, request.resolving) === 0;
      }
      return publicSpeech || message.type === 'scene_marker';
    case 'character_dialog':
      return publicSpeech;
    case 'persona_extractor':
    case 'character_extractor':
      // The last own intention is chosen by the view (see `buildView`); here: own intentions are candidates.
      if (publicSpeech) return beforeRound;
      return own && (message.type === 'thought' || message.type === 'intention');
    case 'lore_extractor':
      // Lore is public (the World KG): a whisper's secrets are not the world's.
      return publicSpeech && inRound && !(message.meta?.kind === 'heard' && message.meta.whispered === true);
  }
}

/** Messages from before witnesses were recorded count as public, as they were when they were written. */
function witnessed(message: StreamEntry, principal: string): boolean {
  return message.meta?.kind !== 'heard' || message.meta.by.includes(principal);
}

/** The messages one stage sees, in stream order. Extractors get only their owner's last intention. */
export function buildView(stream: readonly StreamEntry[], request: ViewRequest): StreamEntry[] {
  const visible = stream.filter((message) => isVisible(message, request));
  if (request.stage !== 'persona_extractor' && request.stage !== 'character_extractor') return visible;
  const lastIntention = visible.findLast((message) => message.type === 'intention');
  return visible.filter((message) => message.type !== 'intention' || message === lastIntention);
}
