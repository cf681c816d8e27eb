import type { Settings } from '../engine.ts';
import { describeProvider } from './describe-provider.ts';

/** The default model of every stage, and a provider pinned for this run if there is one. */
export function ProviderSummary(props: { readonly llm: Settings['llm']; readonly pinned: string | null }) {
  return (
    <>
      <h3>Model</h3>
      <p>
        {props.llm.default === null ? 'No default model in the settings file.' : describeProvider(props.llm.default)}
      </p>
      {props.pinned !== null && (
        <p className="muted pinned">
          This run was started with <code>--llm {props.pinned}</code>, which serves every stage until it ends.
        </p>
      )}
    </>
  );
}
