/**
 * In-world time for this room is a number of minutes since an in-world epoch: pure arithmetic, no calendar. The turn
 * converts a pack's time strings once with `inWorldMinutes`; everything here compares and subtracts plain numbers.
 */
export type InWorldMinute = number;

export const MINUTES_PER_HOUR = 60;
export const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

export function hours(count: number): number {
  return count * MINUTES_PER_HOUR;
}

const PACK_TIME = /^(-?\d{4,})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::\d{2})?)?$/u;

/**
 * "1723-05-14T21:00" (the pack's in-world time) as minutes since 0000-01-01T00:00 on the proleptic Gregorian calendar,
 * or null when the text is not such a time. UTC arithmetic only: in-world time has no daylight saving.
 */
export function inWorldMinutes(text: string): InWorldMinute | null {
  const match = PACK_TIME.exec(text);
  if (match === null) return null;
  const [, year, month, day, hour = '0', minute = '0'] = match;
  const date = new Date(0);
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  date.setUTCHours(Number(hour), Number(minute), 0, 0);
  const epoch = new Date(0);
  epoch.setUTCFullYear(0, 0, 1);
  epoch.setUTCHours(0, 0, 0, 0);
  return Math.round((date.getTime() - epoch.getTime()) / 60_000);
}

/** "7h 30m", "45m", "2d 3h": durations as a debug panel shows them. */
export function describeDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const days = Math.floor(total / MINUTES_PER_DAY);
  const hoursPart = Math.floor((total % MINUTES_PER_DAY) / MINUTES_PER_HOUR);
  const minutesPart = total % MINUTES_PER_HOUR;
  const parts = [
    days > 0 ? `${days}d` : '',
    hoursPart > 0 ? `${hoursPart}h` : '',
    minutesPart > 0 ? `${minutesPart}m` : '',
  ];
  const text = parts.filter((part) => part !== '').join(' ');
  return text === '' ? '0m' : text;
}

/** The reverse of `inWorldMinutes`: "1768-09-29 21:30", for prompts and panels. */
export function inWorldText(minute: InWorldMinute): string {
  const epoch = new Date(0);
  epoch.setUTCFullYear(0, 0, 1);
  epoch.setUTCHours(0, 0, 0, 0);
  const date = new Date(epoch.getTime() + minute * 60_000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const day = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}
