/** A character speaking: their name and mood, then their words. */
export function DialogLine(props: {
  readonly speaker: string;
  readonly mood: string | null;
  readonly text: string;
  /** Extra classes for a message still being written. */
  readonly state: string;
}) {
  return (
    <div className={`msg dialog${props.state}`}>
      <p className="speaker">
        <span className="speaker-name">{props.speaker}</span>
        {props.mood !== null && <span className="mood">{props.mood}</span>}
      </p>
      <p className="words">{props.text}</p>
    </div>
  );
}
