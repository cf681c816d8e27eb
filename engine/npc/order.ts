/** Code-unit order: the same on every machine and locale, unlike localeCompare, so plans and rankings replay exactly. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
