import type { WriterGuidanceView } from '../engine.ts';
import { guidanceSections } from './chronicle-format.ts';
import { SectionLists } from './SectionLists.tsx';

/** What the Narrator is given at the next scene opening; what manifests now it must show. */
export function WriterGuidance(props: { readonly guidance: WriterGuidanceView }) {
  const { tonal_direction: tone } = props.guidance;
  return (
    <section className="writer-guidance" aria-label="Writer guidance">
      <h3>Writer guidance</h3>
      {tone !== '' && (
        <p className="tonal-direction">
          <span className="muted">Tone:</span> {tone}
        </p>
      )}
      <SectionLists sections={guidanceSections(props.guidance)} empty="No guidance for the next scene." />
    </section>
  );
}
