import type { StoryPack } from '../pack/index.ts';
import type { PromptMessage } from '../prompts/index.ts';
import type { PlayState } from './play-state.ts';
import { earlierJournal, turnMoments } from '../storykeeper/index.ts';

/** The Narrator's Tier 2 beyond the history window, with the story's compression settings. */
export function narratorJournal(
  pack: StoryPack,
  state: PlayState,
  history: readonly PromptMessage[],
  limit: number,
): string {
  const tuning = pack.manifest.tuning.storykeeper?.journal;
  return earlierJournal({
    history,
    limit,
    moments: turnMoments(state.events?.fired ?? [], pack.triggers),
    compression: { full: tuning?.full ?? 0, summarised: tuning?.summarised ?? 8 },
  });
}
