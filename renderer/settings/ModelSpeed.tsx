import { describeWait, type MeasuredModelSpeed } from '../engine.ts';

/** What a local model costs on this machine, as measured, or a way to measure it. */
export function ModelSpeed(props: {
  readonly speed: MeasuredModelSpeed | undefined;
  /** The step under way while it is being measured. */
  readonly measuring: string | undefined;
  readonly onMeasure: () => void;
}) {
  if (props.measuring !== undefined) {
    return (
      <span className="model-speed muted" role="status">
        Measuring on this machine (about a minute): {props.measuring}…
      </span>
    );
  }
  const { speed } = props;
  const story = speed?.stories[0];
  return (
    <span className="model-speed">
      {speed !== undefined && (
        <span>
          ≈ {speed.generatedTokensPerSecond.toFixed(0)} tokens/s here
          {story !== undefined && `; a ${story.title} turn ≈ ${describeWait(story.typicalTurnSeconds)}`}
        </span>
      )}{' '}
      <button type="button" className="quiet" onClick={props.onMeasure}>
        {speed === undefined ? 'Measure speed here' : 'Measure again'}
      </button>
    </span>
  );
}
