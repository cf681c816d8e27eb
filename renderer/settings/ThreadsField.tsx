import type { ThreadsSetting } from './local-machine.ts';

/** CPU threads for the local model: automatic (the cores Storyloom may use) or a number the player picks. */
export function ThreadsField(props: {
  readonly value: ThreadsSetting;
  readonly cpuCores: number | null;
  readonly onChange: (threads: ThreadsSetting) => void;
}) {
  const cores = props.cpuCores ?? 1;
  const counts = Array.from(
    { length: Math.max(cores, typeof props.value === 'number' ? props.value : 1) },
    (_, i) => i + 1,
  );
  return (
    <>
      <label className="field">
        <span>Threads</span>
        <select
          aria-label="CPU threads"
          value={String(props.value)}
          onChange={(event) => props.onChange(event.target.value === 'auto' ? 'auto' : Number(event.target.value))}
        >
          <option value="auto">Automatic{props.cpuCores === null ? '' : ` (${props.cpuCores} here)`}</option>
          {counts.map((count) => (
            <option key={count} value={String(count)}>
              {count}
            </option>
          ))}
        </select>
      </label>
      <p className="muted field-hint">CPU threads for the local model: more than the cores here makes it far slower.</p>
    </>
  );
}
