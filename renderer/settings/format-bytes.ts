/** Sizes and speeds as a reader expects them: 1.2 GB, 850 MB, 3.4 MB/s. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${Math.round(bytes / 1024 ** 2)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

export function formatSpeed(bytesPerSecond: number | null): string {
  if (bytesPerSecond === null || bytesPerSecond <= 0) return '';
  return `${bytesPerSecond >= 1024 ** 2 ? (bytesPerSecond / 1024 ** 2).toFixed(1) : (bytesPerSecond / 1024).toFixed(0)} ${bytesPerSecond >= 1024 ** 2 ? 'MB/s' : 'KB/s'}`;
}
