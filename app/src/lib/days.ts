/** UTC days as `YYYY-MM-DD` strings: the unit of tracks, daily mileage and the fleet reports' roll-ups. */

/** A UTC day `YYYY-MM-DD` moved by `n` days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Today as a UTC day. */
export function utcToday(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** A valid `YYYY-MM-DD`, or null. */
export function parseDay(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? null : value;
}

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1);
}

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const n = daysBetween(from, to);
  return Array.from({ length: n }, (_, i) => addDays(from, i));
}

/** The instant (RFC 3339) a date field's UTC day starts, or the day after's with `next` (an exclusive end); undefined for no day. */
export function dayStartIso(value: string | null | undefined, next = false): string | undefined {
  const day = parseDay(value);
  return day ? `${next ? addDays(day, 1) : day}T00:00:00.000Z` : undefined;
}
