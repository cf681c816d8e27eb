import { packGreetings, type StoryPack } from '../pack/index.ts';
import { expandMacros } from '../prompts/index.ts';
import type { NewMessage } from '../store/index.ts';
import type { PlayMacros } from './play-macros.ts';
import type { PlayState } from './play-state.ts';
import { markerMessages } from './scene-markers.ts';

export type GreetingTurn = { readonly messages: NewMessage[]; readonly next: PlayState } | { readonly notice: string };

/**
 * The first turn of a new game opened on one of the pack's card greetings (see `packGreetings`): the scene's opening
 * marker and the greeting as narration everyone present sees. No model runs; the next turn still opens the scene, with
 * the greeting in its history.
 */
export function greetingTurn(
  pack: StoryPack,
  state: PlayState,
  index: number,
  macros: PlayMacros['values'],
): GreetingTurn {
  const greetings = packGreetings(pack.characters);
  const greeting = greetings[index];
  if (greeting === undefined)
    return { notice: `The story has ${greetings.length} greeting(s); there is no greeting ${index + 1}.` };
  const text = expandMacros(greeting.text, macros(state.time, greeting.character));
  return {
    messages: [...markerMessages(pack, state), { owner: 'narrator', type: 'narration', content: text }],
    next: { ...state, pendingMarkers: [], sceneOpening: true },
  };
}
