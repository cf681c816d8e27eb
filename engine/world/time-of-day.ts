export type PhaseOfDay = 'night' | 'dawn' | 'day' | 'dusk';

/** Dawn 05:00–07:00, day until 18:00, dusk until 20:00, then night. */
export function phaseOfDay(minuteOfDay: number): PhaseOfDay {
  const hour = Math.floor(minuteOfDay / 60);
  if (hour >= 5 && hour < 7) return 'dawn';
  if (hour >= 7 && hour < 18) return 'day';
  if (hour >= 18 && hour < 20) return 'dusk';
  return 'night';
}

/** "2:30 PM" → 870; "14:30" → 870; null when it is neither. */
export function parseClock(text: string): number | null {
  const match = /^\s*(\d{1,2}):(\d{2})\s*([AaPp][Mm])?\s*$/.exec(text);
  if (match === null) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  const meridiem = match[3]?.toUpperCase();
  if (minutes > 59 || hours > (meridiem === undefined ? 23 : 12) || (meridiem !== undefined && hours === 0))
    return null;
  const hour24 = meridiem === undefined ? hours : (hours % 12) + (meridiem === 'PM' ? 12 : 0);
  return hour24 * 60 + minutes;
}
