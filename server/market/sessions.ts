/**
 * Trading sessions, written in New York wall-clock time (DST-aware: the offset comes from the
 * zone's rules, never a fixed number). Every boundary falls on a whole New York hour, and New York
 * is a whole number of hours from UTC, so a session never opens or closes inside a UTC hour: an
 * intraday bucket (at most 60 min, UTC-aligned) is either wholly open or wholly closed.
 */

export const SESSION_KINDS = ['forex', 'metals', 'energy', 'index_us', 'index_eu', 'crypto'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

const HOUR = 3_600_000;
const DAY_MIN = 24 * 60;
/** Minute of the week, Sunday 00:00 = 0. */
const weekMinute = (weekday: number, hour: number, minute = 0) => weekday * DAY_MIN + hour * 60 + minute;
const SUN = 0;
const MON = 1;
const FRI = 5;

interface SessionRule {
  /** Open every minute of the week. */
  always?: boolean;
  /** The week opens at this minute of the week... */
  opens: number;
  /** ...and closes at this one (exclusive). */
  closes: number;
  /** Daily pauses inside the week, [from, to) minutes of the day; `from > to` wraps midnight. */
  breaks: readonly (readonly [number, number])[];
}

/** CME Globex hours: Sunday 18:00 to Friday 17:00, a daily pause 17:00-18:00. */
const GLOBEX: SessionRule = { opens: weekMinute(SUN, 18), closes: weekMinute(FRI, 17), breaks: [[17 * 60, 18 * 60]] };

export const SESSION_RULES: Record<SessionKind, SessionRule> = {
  /** Sunday 17:00 to Friday 17:00, no daily pause. */
  forex: { opens: weekMinute(SUN, 17), closes: weekMinute(FRI, 17), breaks: [] },
  metals: GLOBEX,
  energy: GLOBEX,
  /** US and Japanese index futures trade on Globex hours. */
  index_us: GLOBEX,
  /** European cash-index CFDs: weekdays 03:00 to 16:00 New York. */
  index_eu: { opens: weekMinute(MON, 3), closes: weekMinute(FRI, 16), breaks: [[16 * 60, 3 * 60]] },
  crypto: { always: true, opens: 0, closes: 7 * DAY_MIN, breaks: [] },
};

export function isSessionKind(value: string): value is SessionKind {
  return (SESSION_KINDS as readonly string[]).includes(value);
}

// New York's offset changes only at 02:00 local (06:00 or 07:00 UTC), so it is constant within a
// UTC hour, and within a whole UTC day unless that day has the change: ask Intl once per day.
const offsetFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York', hourCycle: 'h23',
  year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric',
});
const DAY = 24 * HOUR;
const offsets = new Map<number, number | Map<number, number>>();

function offsetAtHour(hour: number): number {
  const parts: Record<string, number> = {};
  for (const part of offsetFormat.formatToParts(new Date(hour * HOUR))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!) - hour * HOUR;
}

/** New York's offset from UTC at an instant, in ms (-4 h in EDT, -5 h in EST). */
export function newYorkOffset(ts: number): number {
  const day = Math.floor(ts / DAY);
  let known = offsets.get(day);
  if (known === undefined) {
    const first = offsetAtHour(day * 24);
    const last = offsetAtHour(day * 24 + 23);
    known = first === last ? first : new Map<number, number>();
    if (offsets.size > 20_000) offsets.clear();
    offsets.set(day, known);
  }
  if (typeof known === 'number') return known;
  const hour = Math.floor(ts / HOUR);
  let offset = known.get(hour);
  if (offset === undefined) known.set(hour, (offset = offsetAtHour(hour)));
  return offset;
}

/** New York weekday (0 Sunday) and minute of the day at an instant. */
export function newYorkClock(ts: number): { weekday: number; minute: number } {
  const local = new Date(ts + newYorkOffset(ts));
  return { weekday: local.getUTCDay(), minute: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

export function isOpen(kind: SessionKind, ts: number): boolean {
  const rule = SESSION_RULES[kind];
  if (rule.always) return true;
  const { weekday, minute } = newYorkClock(ts);
  const week = weekday * DAY_MIN + minute;
  if (week < rule.opens || week >= rule.closes) return false;
  for (const [from, to] of rule.breaks) {
    const inBreak = from <= to ? minute >= from && minute < to : minute >= from || minute < to;
    if (inBreak) return false;
  }
  return true;
}

/** The first instant after `ts` at which the session opens or closes; Infinity when it never does. */
export function nextChange(kind: SessionKind, ts: number): number {
  if (SESSION_RULES[kind].always) return Infinity;
  const now = isOpen(kind, ts);
  // Boundaries sit on whole UTC hours; a week is the longest stretch without one.
  for (let h = Math.floor(ts / HOUR) * HOUR + HOUR, i = 0; i <= 24 * 8; h += HOUR, i++) {
    if (isOpen(kind, h) !== now) return h;
  }
  return Infinity;
}

/** Open milliseconds in [from, to), counted hour by hour (boundaries are whole hours). */
export function openMs(kind: SessionKind, from: number, to: number): number {
  if (SESSION_RULES[kind].always) return Math.max(0, to - from);
  let total = 0;
  for (let t = from; t < to; ) {
    const next = Math.min(to, Math.floor(t / HOUR) * HOUR + HOUR);
    if (isOpen(kind, t)) total += next - t;
    t = next;
  }
  return total;
}
