/** The address and model name of an OpenAI-compatible endpoint. */
export function RemoteFields(props: {
  readonly baseURL: string;
  readonly model: string;
  readonly onBaseURL: (value: string) => void;
  readonly onModel: (value: string) => void;
}) {
  return (
    <>
      <label className="field">
        <span>Endpoint</span>
        <input value={props.baseURL} onChange={(event) => props.onBaseURL(event.target.value)} />
      </label>
      <label className="field">
        <span>Model</span>
        <input
          value={props.model}
          placeholder="e.g. qwen2.5-7b-instruct"
          onChange={(event) => props.onModel(event.target.value)}
        />
      </label>
    </>
  );
}
