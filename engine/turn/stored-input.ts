import type { ParsedInput } from './commands.ts';
import type { TurnInput } from './run-turn.ts';

/** A turn's input as the save keeps it (JSON of the TurnInput); null for a command turn or anything unreadable. */
export function parseStoredInput(text: string): TurnInput | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || !('intention' in value) || typeof value.intention !== 'string')
      return null;
    const thought = 'thought' in value && typeof value.thought === 'string' ? value.thought : null;
    const whisperTo = 'whisperTo' in value && typeof value.whisperTo === 'string' ? { whisperTo: value.whisperTo } : {};
    const auto = 'auto' in value && value.auto === true ? { auto: true } : {};
    return { intention: value.intention, thought, ...whisperTo, ...auto };
  } catch {
    return null;
  }
}

/** What /retry can play again once the boundary is through: an intention (or /auto); a command is typed again. */
export function retryableInput(parsed: ParsedInput): TurnInput | null {
  if (parsed.kind === 'intention') return { intention: parsed.intention, thought: parsed.thought };
  if (parsed.kind === 'command' && parsed.command.kind === 'auto') return { intention: '', thought: null, auto: true };
  return null;
}
