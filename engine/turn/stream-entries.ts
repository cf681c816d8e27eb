import { z } from 'zod';
import type { StreamMessage } from '../api/index.ts';
import type { StoredMessage } from '../store/index.ts';
import type { StreamEntry, StreamMeta } from '../stream/index.ts';

const metaSchema = z.union([
  z.object({
    kind: z.literal('scene_marker'),
    marker: z.enum(['location_change', 'time_skip', 'scene_open', 'scene_close']),
    from: z.string().optional(),
    to: z.string().optional(),
    duration: z.string().optional(),
  }),
  z.object({ kind: z.literal('whisper'), target: z.string() }),
  z.object({ kind: z.literal('nudge'), reason: z.literal('npc_silence') }),
  z.object({ kind: z.literal('heard'), by: z.array(z.string()), whispered: z.literal(true).optional() }),
]);

/** A stored message as the stream room sees it (the turn number the player sees; meta checked, unknown meta dropped). */
export function toStreamEntry(message: StoredMessage): StreamEntry {
  const meta = message.meta === null ? null : metaSchema.safeParse(message.meta);
  return {
    turn: message.turnNumber,
    seq: message.seq,
    owner: message.owner,
    type: message.type,
    content: message.content,
    mood: message.mood,
    meta: meta?.success === true ? stripUndefined(meta.data) : null,
  };
}

export function toStreamMessage(message: StoredMessage): StreamMessage {
  return {
    id: message.id,
    turn: message.turnNumber,
    seq: message.seq,
    owner: message.owner,
    type: message.type,
    content: message.content,
    mood: message.mood,
    createdAt: message.createdAt,
  };
}

function stripUndefined(meta: z.infer<typeof metaSchema>): StreamMeta {
  // zod's optional keys come back as `undefined`; the stream's meta type has them absent instead.
  return JSON.parse(JSON.stringify(meta)) as StreamMeta;
}
