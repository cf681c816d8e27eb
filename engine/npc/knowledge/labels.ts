/** Lower-case, trimmed, first occurrence kept: retrieval compares labels exactly. */
export function normaliseLabels(labels: readonly string[]): readonly string[] {
  const seen = new Set<string>();
  for (const label of labels) {
    const clean = label.trim().toLowerCase();
    if (clean !== '') seen.add(clean);
  }
  return [...seen];
}
