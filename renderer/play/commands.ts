/**
 * The out-of-character commands the engine understands (`/help` lists them too). The API does not list them, so
 * the renderer keeps this copy for autocomplete; the engine still decides what each one does.
 */
export interface CommandHint {
  readonly name: string;
  readonly usage: string;
  readonly summary: string;
}

export const COMMANDS: readonly CommandHint[] = [
  { name: '/undo', usage: '/undo', summary: 'Go back one turn (nothing is erased)' },
  { name: '/retry', usage: '/retry', summary: 'Play the last turn again' },
  { name: '/end scene', usage: '/end scene', summary: 'Close the current scene' },
  { name: '/skip', usage: '/skip <duration>', summary: 'Let time pass: 30m, 2h, 1d' },
  { name: '/whisper', usage: '/whisper <character> <intention>', summary: 'An intention for one character alone' },
  { name: '/auto', usage: '/auto', summary: 'Let your persona decide this turn' },
  { name: '/help', usage: '/help', summary: 'List the commands' },
];

/** Commands that complete what has been typed so far (only while the first word is being typed). */
export function matchCommands(text: string): readonly CommandHint[] {
  if (!text.startsWith('/')) return [];
  const typed = text.toLowerCase();
  return COMMANDS.filter((command) => command.name.startsWith(typed) && command.name !== typed.trimEnd());
}

/** The text after choosing a command: its name, and a space when it takes arguments. */
export function completeCommand(command: CommandHint): string {
  return command.usage === command.name ? command.name : `${command.name} `;
}
