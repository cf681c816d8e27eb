/** A wait in words a player reads at a glance ("40 s", "2 minutes", "1.5 minutes"): the CLI and the window share it. */
export function describeWait(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = seconds / 60;
  const rounded = minutes < 10 ? Math.round(minutes * 2) / 2 : Math.round(minutes);
  return `${rounded} minute${rounded === 1 ? '' : 's'}`;
}
