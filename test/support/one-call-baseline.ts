import type { StreamMessage } from '../../engine/api/index.ts';
import type { LlmMessage } from '../../engine/llm/index.ts';
import type { StoryPack } from '../../engine/pack/index.ts';

/**
 * The prompt a one-call chat frontend would send for the same story: one system message (instructions, the story and
 * its style, the player's character, every character card, the scenario), the visible history as user / assistant
 * turns, and the player's new input. What the player reads is the history; private thoughts and NPC intentions are not.
 */
export function oneCallSystemPrompt(pack: StoryPack, personaId: string): string {
  const { manifest } = pack;
  const persona = pack.personas.find((candidate) => candidate.id === personaId);
  const start = pack.locations.find((location) => location.id === manifest.start.location);
  const style = manifest.style;
  const cards = pack.characters.map((character) =>
    [
      `### ${character.name}`,
      character.description,
      character.personality ?? '',
      character.voice.style ?? '',
      ...character.voice.examples.map((line) => `${character.name}: "${line}"`),
    ]
      .filter((line) => line !== '')
      .join('\n'),
  );
  return [
    `You are the narrator and every character of an interactive story. Answer the player's action with what happens ` +
      `next: narration and the characters' spoken lines, in the story's voice. Never act or speak for ` +
      `${persona?.name ?? 'the player'}.`,
    `## Story: ${manifest.title}\n${manifest.description}`,
    style === undefined
      ? ''
      : `## Style\n${style.genre ?? ''}\n${style.voice ?? ''}\n${(style.constraints ?? []).map((rule) => `- ${rule}`).join('\n')}`,
    persona === undefined ? '' : `## The player: ${persona.name}\n${persona.description}`,
    `## Characters\n${cards.join('\n\n')}`,
    start === undefined ? '' : `## Scenario\n${start.name}, ${manifest.start.time}. ${start.description}`,
  ]
    .filter((part) => part !== '')
    .join('\n\n');
}

/** One user message per turn (the persona's intention and thought), one assistant message with what the world did. */
export function oneCallHistory(pack: StoryPack, personaId: string, messages: readonly StreamMessage[]): LlmMessage[] {
  const names = new Map(pack.characters.map((character) => [character.id, character.name]));
  const history: LlmMessage[] = [];
  const turns = [...new Set(messages.map((message) => message.turn))];
  for (const turn of turns) {
    const own = messages.filter((message) => message.turn === turn);
    const player = own
      .filter((message) => message.owner === personaId && (message.type === 'intention' || message.type === 'thought'))
      .map((message) => (message.type === 'thought' ? `(${message.content})` : message.content));
    const world = own
      .filter((message) => message.type === 'narration' || message.type === 'dialog' || message.type === 'scene_marker')
      .map((message) =>
        message.type === 'dialog'
          ? `${names.get(message.owner) ?? message.owner}: "${message.content}"`
          : message.content,
      );
    if (player.length > 0) history.push({ role: 'user', content: player.join('\n') });
    if (world.length > 0) history.push({ role: 'assistant', content: world.join('\n\n') });
  }
  return history;
}

/** The player's input as a chat frontend would send it: a `/whisper <who>` prefix is the engine's, not the story's. */
export function oneCallInput(text: string, thought: string | null): LlmMessage {
  const action = text.replace(/^\/whisper\s+\S+\s+/u, '');
  return { role: 'user', content: thought === null ? action : `(${thought})\n${action}` };
}
