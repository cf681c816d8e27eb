import type { StageCallRecord } from '../engine.ts';
import type { NameOf } from '../play/names.ts';
import { CallNumbers } from './CallNumbers.tsx';

/** One LLM call: who it was for, what it was asked, what it answered, and what it cost. */
export function StageCallView(props: { readonly call: StageCallRecord; readonly names: NameOf }) {
  const { call } = props;
  return (
    <details className={`stage-call${call.error === null ? '' : ' failed'}`} data-stage={call.stage}>
      <summary>
        <span className="stage-name">{call.stage.replaceAll('_', ' ')}</span>
        <span className="principal">{props.names(call.principal)}</span>
        <CallNumbers call={call} />
      </summary>
      <p className="call-model">
        {call.provider} · {call.model}
      </p>
      {call.prompt.map((message, index) => (
        <div key={index} className="prompt-part">
          <h4>{message.role}</h4>
          <pre>{message.content}</pre>
        </div>
      ))}
      <div className="prompt-part output">
        <h4>{call.error === null ? 'output' : 'error'}</h4>
        <pre>{call.error ?? call.output ?? '—'}</pre>
      </div>
    </details>
  );
}
