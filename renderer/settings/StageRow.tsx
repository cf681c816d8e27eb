import type { StageKind } from '../engine.ts';
import type { ProviderInput } from '../stores/model-store.ts';
import { describeProvider } from './describe-provider.ts';

/** One stage kind: the provider it uses (the default unless overridden), and the way to change it. */
export function StageRow(props: {
  readonly stage: StageKind;
  readonly override: ProviderInput | undefined;
  readonly onEdit: () => void;
  readonly onClear: () => void;
}) {
  const label = props.stage.replaceAll('_', ' ');
  return (
    <li className="stage-row" data-stage={props.stage}>
      <span className="stage-name">{label}</span>
      <span
        className={props.override === undefined ? 'muted stage-provider' : 'stage-provider'}
        title={props.override === undefined ? undefined : describeProvider(props.override)}
      >
        {props.override === undefined ? 'Default' : describeProvider(props.override)}
      </span>
      <span className="stage-actions">
        <button type="button" className="quiet" onClick={props.onEdit} aria-label={`Override ${label}`}>
          Override…
        </button>
        {props.override !== undefined && (
          <button type="button" className="quiet" onClick={props.onClear} aria-label={`Use the default for ${label}`}>
            Use default
          </button>
        )}
      </span>
    </li>
  );
}
