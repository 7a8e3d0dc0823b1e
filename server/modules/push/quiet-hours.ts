/**
 * Quiet hours: a window of local wall-clock time in the person's IANA zone. The local time is read through Intl
 * at the moment asked, so a window keeps its meaning across daylight-saving changes (22:00 stays 22:00 local,
 * whatever the UTC offset that night), and a window whose `from` is later than its `to` crosses midnight.
 */
export interface QuietHours {
  from: string;
  to: string;
  time_zone: string;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A zone Intl knows (canonical names and their aliases, e.g. "UTC"); false for anything else. */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** Minutes since local midnight in `zone` at `at`. */
export function localMinutes(at: Date, zone: string): number {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    // Bounded: zones are checked against Intl's list on the way in, so there are a few hundred at most.
    formats.set(zone, format);
  }
  let hour = 0;
  let minute = 0;
  for (const part of format.formatToParts(at)) {
    if (part.type === 'hour') hour = Number(part.value);
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return hour * 60 + minute;
}

/** Whether `at` falls inside the window: from ≤ local time < to, wrapping at midnight when from > to. */
export function inQuietHours(quiet: QuietHours, at: Date): boolean {
  const now = localMinutes(at, quiet.time_zone);
  const from = minutes(quiet.from);
  const to = minutes(quiet.to);
  if (from === to) return false;
  return from < to ? now >= from && now < to : now >= from || now < to;
}
