import type { LlmMessage } from '../llm/types.ts';

/**
 * A rendered template becomes chat messages: text before the first marker is the system prompt; a line
 * `::user::` or `::system::` starts a new message of that role. Keeps one file per stage for writers.
 */
const MARKER = /^::(system|user)::\s*$/mu;

export function toChatMessages(rendered: string): LlmMessage[] {
  const messages: LlmMessage[] = [];
  let role: LlmMessage['role'] = 'system';
  let buffer: string[] = [];
  const flush = (): void => {
    const content = buffer.join('\n').trim();
    if (content.length > 0) messages.push({ role, content });
    buffer = [];
  };
  for (const line of rendered.split('\n')) {
    const marker = MARKER.exec(line);
    if (marker) {
      flush();
      role = marker[1] === 'user' ? 'user' : 'system';
    } else {
      buffer.push(line);
    }
  }
  flush();
  return messages;
}
