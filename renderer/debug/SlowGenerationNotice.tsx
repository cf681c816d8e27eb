import type { SlowNotice } from '../stores/model-store.ts';

/** Local generation far below what this machine measured: most often another program holding the cores. */
export function SlowGenerationNotice(props: { readonly notice: SlowNotice }) {
  const { notice } = props;
  return (
    <p className="warning-line" role="alert">
      {notice.model} is writing {notice.tokensPerSecond.toFixed(1)} tokens/s, far below the{' '}
      {notice.expectedTokensPerSecond.toFixed(1)} measured on this machine with {notice.threads} threads. Another
      program may be holding the cores: close it, or lower the CPU threads in Settings.
    </p>
  );
}
