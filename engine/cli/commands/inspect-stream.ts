import type { EngineClient, StreamMessage } from '../../api/index.ts';
import { viewOf } from '../save-api.ts';
import type { ViewRequest } from './inspect-request.ts';

/** As many messages as one `saves.messages` call returns. */
const PAGE = 10_000;

/** `inspect <save> stream`: every message of the stream (of one turn with --turn), every owner and type. */
export async function streamText(api: EngineClient, { id, turn, json }: ViewRequest): Promise<string> {
  const messages = (await wholeStream(api, id)).filter((message) => turn === undefined || message.turn === turn);
  return messages
    .map((message) => {
      const record = {
        turn: message.turn,
        seq: message.seq,
        owner: message.owner,
        type: message.type,
        mood: message.mood,
        content: message.content,
      };
      return json
        ? `${JSON.stringify(record)}\n`
        : `${record.turn}.${record.seq} ${record.owner} ${record.type}${record.mood ? ` (${record.mood})` : ''}: ${record.content}\n`;
    })
    .join('');
}

/** The stream from its first message, page by page from the end. */
async function wholeStream(api: EngineClient, id: string): Promise<readonly StreamMessage[]> {
  const pages: (readonly StreamMessage[])[] = [];
  let beforeId: number | undefined;
  for (;;) {
    const page = viewOf(await api['saves.messages']({ id, limit: PAGE, ...(beforeId !== undefined && { beforeId }) }));
    pages.unshift(page);
    const first = page[0];
    if (page.length < PAGE || first === undefined) return pages.flat();
    beforeId = first.id;
  }
}
