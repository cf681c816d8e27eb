/** In-world time as packs write it ("1723-05-14T21:00"); arithmetic on it via UTC, which has no daylight saving. */
const PATTERN = /^(-?\d{4,})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/u;

export function addMinutes(time: string, minutes: number): string {
  const match = PATTERN.exec(time);
  if (match === null) throw new RangeError(`not an in-world time: "${time}"`);
  const [, year, month, day, hour = '0', minute = '0'] = match;
  const date = new Date(0);
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  date.setUTCHours(Number(hour), Number(minute) + minutes, 0, 0);
  const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** "21:40 on 1723-05-14", for prompts and scene markers. */
export function describeTime(time: string): string {
  const match = PATTERN.exec(time);
  if (match === null) return time;
  const [, year, month, day, hour, minute] = match;
  return hour === undefined ? `${year}-${month}-${day}` : `${hour}:${minute} on ${year}-${month}-${day}`;
}

/** The minute of the day of an in-world time (0 when it names a day alone). */
export function minuteOfDay(time: string): number {
  const match = PATTERN.exec(time);
  if (match === null) throw new RangeError(`not an in-world time: "${time}"`);
  const [, , , , hour = '0', minute = '0'] = match;
  return Number(hour) * 60 + Number(minute);
}
