import type { ChronicleSection } from './chronicle-format.ts';

/** Headed lists of the Chronicler's output; a part it left empty is left out, and all empty says so (or shows nothing). */
export function SectionLists(props: { readonly sections: readonly ChronicleSection[]; readonly empty?: string }) {
  const said = props.sections.filter((section) => section.lines.length > 0);
  if (said.length === 0) return props.empty === undefined ? null : <p className="muted">{props.empty}</p>;
  return (
    <>
      {said.map((section) => (
        <div
          key={section.title}
          className={section.mandatory === true ? 'chronicle-section mandatory' : 'chronicle-section'}
        >
          <h4>
            {section.title}
            {section.mandatory === true && <span className="standing">mandatory</span>}
          </h4>
          <ul className="storykeeper-list" aria-label={section.title}>
            {section.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}
