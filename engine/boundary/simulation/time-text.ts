import type { InWorldMinute } from '../../npc/index.ts';

/** Minutes since 0000-01-01T00:00 (see inWorldMinutes) back as "1768-09-29 21:30", for prompts and panels. */
export function inWorldText(minute: InWorldMinute): string {
  const epoch = new Date(0);
  epoch.setUTCFullYear(0, 0, 1);
  epoch.setUTCHours(0, 0, 0, 0);
  const date = new Date(epoch.getTime() + minute * 60_000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const day = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}
