/** A row of mutually exclusive options, shown as a segmented control. */
export function Choice<T extends string>(props: {
  readonly label: string;
  readonly value: T;
  readonly options: readonly (readonly [T, string])[];
  readonly onChange: (value: T) => void;
}) {
  return (
    <div className="setting" role="radiogroup" aria-label={props.label}>
      <span className="setting-label">{props.label}</span>
      <span className="segmented">
        {props.options.map(([value, text]) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={value === props.value}
            className={value === props.value ? 'on' : ''}
            onClick={() => props.onChange(value)}
          >
            {text}
          </button>
        ))}
      </span>
    </div>
  );
}
