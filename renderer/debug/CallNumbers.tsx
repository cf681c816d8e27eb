import type { StageCallRecord } from '../engine.ts';

const count = (value: number | null) => (value === null ? '—' : value.toLocaleString());
const ms = (value: number | null) => (value === null ? '—' : `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`);

/** Tokens (prompt, of which cached; evaluated = prompt − cached; generated) and timings of one call. */
export function CallNumbers({ call }: { readonly call: StageCallRecord }) {
  const evaluated =
    call.promptTokens === null ? null : call.promptTokens - (call.cachedTokens === null ? 0 : call.cachedTokens);
  return (
    <span className="call-numbers">
      <span title="prompt tokens">{count(call.promptTokens)} in</span>
      <span title="cached prompt tokens">{count(call.cachedTokens)} cached</span>
      <span title="prompt tokens evaluated">{count(evaluated)} evaluated</span>
      <span title="generated tokens">{count(call.generatedTokens)} out</span>
      <span title="time to first token">ttft {ms(call.ttftMs)}</span>
      <span title="total time">{ms(call.totalMs)}</span>
    </span>
  );
}
