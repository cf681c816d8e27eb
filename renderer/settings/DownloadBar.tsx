import type { DownloadProgress } from '../engine.ts';
import { formatBytes, formatSpeed } from './format-bytes.ts';

/** One download as it goes: a bar, how much of how much, and the speed. */
export function DownloadBar({ progress }: { readonly progress: DownloadProgress }) {
  const { downloadedBytes, totalBytes, state } = progress;
  const fraction = totalBytes !== null && totalBytes > 0 ? downloadedBytes / totalBytes : null;
  const words =
    state === 'done'
      ? 'Downloaded'
      : state === 'cancelled'
        ? 'Paused'
        : state === 'failed'
          ? `Failed: ${progress.error ?? 'unknown error'}`
          : formatSpeed(progress.bytesPerSecond);
  return (
    <div className={`download-bar ${state}`} data-state={state}>
      <progress
        max={1}
        value={fraction ?? undefined}
        aria-label={`Download of ${progress.fileName}`}
        data-fraction={fraction === null ? '' : fraction.toFixed(3)}
      />
      <span className="download-figures">
        {formatBytes(downloadedBytes)}
        {totalBytes !== null && ` of ${formatBytes(totalBytes)}`}
        {fraction !== null && ` · ${Math.floor(fraction * 100)}%`}
        {words !== '' && ` · ${words}`}
      </span>
    </div>
  );
}
