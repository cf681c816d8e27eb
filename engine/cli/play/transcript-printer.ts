import type { EngineEvent } from '../../api/index.ts';
import { isVisibleToPlayer, type MessageType } from '../../stream/index.ts';

export interface PrinterOptions {
  readonly write: (text: string) => void;
  readonly personaId: string;
  readonly sandbox: boolean;
  readonly names: (owner: string) => string;
}

/**
 * Prints a turn as it is played: each visible message as it starts, its text as it streams. Text cannot be taken
 * back from a terminal: a failure says plainly that none of it was kept, a withdrawn message that it is rewritten.
 */
export function createTranscriptPrinter(options: PrinterOptions): (event: EngineEvent) => void {
  const visible = new Set<string>();
  let open: MessageType | null = null;
  const close = (): void => {
    if (open === 'scene_marker') options.write(' —');
    if (open !== null) options.write('\n\n');
    open = null;
  };
  return (event) => {
    switch (event.type) {
      case 'message.pending':
        if (!isVisibleToPlayer({ type: event.messageType, owner: event.owner }, options.personaId, options.sandbox))
          return;
        close();
        visible.add(event.pendingId);
        open = event.messageType;
        options.write(prefix(event, options));
        return;
      case 'message.delta':
        if (visible.has(event.pendingId)) options.write(event.delta);
        return;
      case 'message.withdrawn':
        // A terminal cannot take text back: say that what follows replaces it.
        if (!visible.delete(event.pendingId)) return;
        close();
        options.write('(the Narrator rewrites this)\n\n');
        return;
      case 'turn.finished':
        close();
        visible.clear();
        return;
      case 'turn.failed':
        close();
        visible.clear();
        options.write(
          `✗ The turn failed in ${event.stage}: ${event.reason}\n  Nothing of it was kept. Type /retry to play it again.\n\n`,
        );
        return;
      default:
        return;
    }
  };
}

function prefix(event: Extract<EngineEvent, { type: 'message.pending' }>, options: PrinterOptions): string {
  const name = options.names(event.owner);
  const own = event.owner === options.personaId;
  switch (event.messageType) {
    case 'dialog':
      return `${name}${event.mood ? ` (${event.mood})` : ''}: `;
    case 'thought':
      return own ? '(you think) ' : `(${name} thinks) `;
    case 'intention':
      return own ? '> ' : `(${name} intends) `;
    case 'scene_marker':
      return '— ';
    default:
      return '';
  }
}
