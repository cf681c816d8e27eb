import type { ConnectionTest } from '../stores/model-store.ts';

/** What the last Test connection found. */
export function TestResult({ test }: { readonly test: ConnectionTest }) {
  switch (test.state) {
    case 'idle':
      return null;
    case 'testing':
      return <p className="muted">Testing…</p>;
    case 'ok':
      return (
        <p className="test-ok">
          {test.check.model} answered in {Math.round(test.check.latencyMs)} ms: “{test.check.reply}”
        </p>
      );
    case 'failed':
      return <p className="error-line">{test.message}</p>;
  }
}
