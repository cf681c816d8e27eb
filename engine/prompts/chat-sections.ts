import type { LlmMessage } from '../llm/index.ts';

/**
 * One template file per stage, for writers: text before the first marker is the system prompt; a line `::user::` or
 * `::system::` starts a new message of that role. The template SOURCE is split before rendering, so nothing a
 * player or a model writes (rendered into a section) can open a section of its own.
 */
const MARKER = /^::(system|user)::\s*$/u;

export interface TemplateSection {
  readonly role: LlmMessage['role'];
  readonly source: string;
}

export function splitSections(template: string): TemplateSection[] {
  const sections: TemplateSection[] = [];
  let role: LlmMessage['role'] = 'system';
  let lines: string[] = [];
  const flush = (): void => {
    if (lines.length > 0) sections.push({ role, source: lines.join('\n') });
    lines = [];
  };
  for (const line of template.split('\n')) {
    const marker = MARKER.exec(line);
    if (marker === null) {
      lines.push(line);
      continue;
    }
    flush();
    role = marker[1] === 'user' ? 'user' : 'system';
  }
  flush();
  return sections;
}

/** Rendered sections become chat messages; empty ones are dropped. */
export function toChatMessages(rendered: readonly { role: LlmMessage['role']; text: string }[]): LlmMessage[] {
  return rendered
    .map(({ role, text }) => ({ role, content: text.trim() }))
    .filter((message) => message.content.length > 0);
}
