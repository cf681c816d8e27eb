/** The Narrator's suggested next actions, under the latest prose: choosing one fills the composer to edit or send. */
export function Choices(props: { readonly choices: readonly string[]; readonly onChoose: (choice: string) => void }) {
  if (props.choices.length === 0) return null;
  return (
    <nav className="choices" aria-label="Suggested actions">
      {props.choices.map((choice) => (
        <button key={choice} type="button" className="choice" onClick={() => props.onChoose(choice)}>
          {choice}
        </button>
      ))}
    </nav>
  );
}
