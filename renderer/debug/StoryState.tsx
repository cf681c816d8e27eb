import type { StoryStateView } from '../engine.ts';
import { storyStateSections } from './chronicle-format.ts';
import { SectionLists } from './SectionLists.tsx';

/** The story's fabric as the Chronicler reads it: questions, promises, threads, stakes, windows, world momentum. */
export function StoryState(props: { readonly state: StoryStateView }) {
  return (
    <section className="story-state" aria-label="Story state">
      <h3>Story state</h3>
      <SectionLists sections={storyStateSections(props.state)} empty="The Chronicler noted nothing yet." />
    </section>
  );
}
