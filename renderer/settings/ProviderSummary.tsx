import type { Settings } from '../engine.ts';

type Provider = NonNullable<Settings['llm']['default']>;

const describe = (provider: Provider): string =>
  provider.kind === 'local'
    ? `Local model: ${provider.modelPath}`
    : provider.kind === 'openai'
      ? `Remote endpoint: ${provider.model} at ${provider.baseURL}`
      : `Scripted replies: ${provider.file}`;

/** Which model each stage uses: the default, then any per-stage overrides. */
export function ProviderSummary(props: { readonly llm: Settings['llm'] }) {
  const overrides = Object.entries(props.llm.stages);
  return (
    <>
      <h3>Model</h3>
      <p>{props.llm.default === null ? 'No default model in the settings file.' : describe(props.llm.default)}</p>
      {overrides.map(([stage, provider]) => (
        <p key={stage} className="muted">
          {stage.replaceAll('_', ' ')}: {describe(provider)}
        </p>
      ))}
    </>
  );
}
