/** An intention or a thought: the player's own in their voice; others' only in the Sandbox, and marked so. */
export function InnerLine(props: {
  readonly kind: 'intention' | 'thought';
  readonly own: boolean;
  readonly name: string;
  readonly text: string;
  /** Extra classes for a message still being written. */
  readonly state: string;
}) {
  const verb = props.kind === 'intention' ? 'intend' : 'think';
  const label = props.own ? `You ${verb}` : `${props.name} ${verb}s`;
  return (
    <div className={`msg ${props.kind} ${props.own ? 'own' : 'other'}${props.state}`}>
      <span className="inner-label">{label}</span>
      <p className="inner-text">{props.text}</p>
    </div>
  );
}
