import { createModelDownloader } from 'node-llama-cpp';
import type { DownloadProgress } from '../../api/index.ts';
import { errorMessage } from '../../api/index.ts';

export interface DownloadModelOptions {
  /** An https/http URL of a .gguf file, or a `hf:user/repo/file.gguf` (or `hf:user/repo:quant`) URI. */
  readonly uri: string;
  /** Folder to save into (created if missing). */
  readonly directory: string;
  /** Identifies this download in progress events; defaults to the URI. */
  readonly downloadId?: string;
  readonly onProgress?: (progress: DownloadProgress) => void;
  /** Aborting cancels the download and keeps the partial file, so running the same download again resumes it. */
  readonly signal?: AbortSignal;
}

export interface DownloadModelResult extends DownloadProgress {
  /** The model file, once `state` is "done". */
  readonly path: string | null;
}

/**
 * Downloads a model with node-llama-cpp's downloader (ipull: parallel ranges, resume from a `.ipull` partial file,
 * skips a file that is already complete). Never throws: failures come back as state "failed" with `error`.
 * Resume works in ipull's 5 MB chunks: a chunk is written only once complete, so a cancel keeps whole chunks.
 */
export async function downloadModel(options: DownloadModelOptions): Promise<DownloadModelResult> {
  const downloadId = options.downloadId ?? options.uri;
  let fileName = '';
  const report = (progress: Omit<DownloadProgress, 'downloadId' | 'uri' | 'fileName'>): DownloadProgress => {
    const full: DownloadProgress = { downloadId, uri: options.uri, fileName, ...progress };
    options.onProgress?.(full);
    return full;
  };
  let downloaded = 0;
  let total: number | null = null;
  try {
    const downloader = await createModelDownloader({
      modelUri: options.uri,
      dirPath: options.directory,
      deleteTempFileOnCancel: false,
      onProgress: ({ downloadedSize, totalSize, averageSpeed }) => {
        downloaded = downloadedSize;
        total = totalSize > 0 ? totalSize : null;
        report({ downloadedBytes: downloaded, totalBytes: total, bytesPerSecond: averageSpeed, state: 'downloading' });
      },
    });
    fileName = downloader.entrypointFilename;
    if (isAborted(options.signal)) {
      await downloader.cancel({ deleteTempFile: false });
      return { ...report({ downloadedBytes: downloader.downloadedSize, totalBytes: total, bytesPerSecond: null, state: 'cancelled' }), path: null };
    }
    // The abort is raced here rather than passed to download(): when ipull is closed right at a chunk boundary its
    // download() promise never settles (ipull 3.9.5), while cancel() itself does.
    const downloading = downloader.download();
    downloading.catch(() => {}); // after a cancel its outcome no longer matters
    const path = await Promise.race([downloading, abortion(options.signal)]);
    if (path === ABORTED) {
      await downloader.cancel({ deleteTempFile: false });
      throw new Error('cancelled');
    }
    const size = downloader.totalSize;
    return { ...report({ downloadedBytes: size, totalBytes: size, bytesPerSecond: null, state: 'done' }), path };
  } catch (error) {
    if (isAborted(options.signal)) {
      return { ...report({ downloadedBytes: downloaded, totalBytes: total, bytesPerSecond: null, state: 'cancelled' }), path: null };
    }
    const reason = errorMessage(error);
    const failed = report({ downloadedBytes: downloaded, totalBytes: total, bytesPerSecond: null, state: 'failed', error: reason });
    return { ...failed, path: null };
  }
}

const ABORTED = Symbol('aborted');

/** Resolves when the signal aborts (never, without a signal). */
function abortion(signal: AbortSignal | undefined): Promise<typeof ABORTED> {
  return new Promise((resolve) => {
    if (signal === undefined) return;
    if (signal.aborted) resolve(ABORTED);
    else signal.addEventListener('abort', () => resolve(ABORTED), { once: true });
  });
}

/** A function, not an inline check: TypeScript would otherwise keep `aborted` narrowed across the awaits. */
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}
