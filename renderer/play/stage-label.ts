import type { NameOf } from './names.ts';
import type { RunningStage } from '../stores/play-types.ts';

/** The progress line: what the engine is doing right now, in words a reader understands. */
export function stageLabel(running: RunningStage | null, name: NameOf, personaId: string): string {
  if (running === null) return 'The story is stirring…';
  const who = running.principal === personaId ? 'You' : name(running.principal);
  switch (running.stage) {
    case 'narrator':
      return 'The narrator is writing…';
    case 'character_dialog':
      return `${who} is speaking…`;
    case 'npc_intent':
      return `${who} is deciding what to do…`;
    case 'persona_intent':
      return 'Choosing your next move…';
    case 'persona_extractor':
    case 'character_extractor':
      return `Noting how ${running.principal === personaId ? 'you feel' : `${who} feels`}…`;
    case 'lore_extractor':
      return 'Remembering what was learned…';
    default:
      return `Thinking (${running.stage.replaceAll('_', ' ')})…`;
  }
}
