/**
 * The rules of the project and plan screens, pure (tests/unit/work-plans.test.mjs): project stages, where a project's
 * detail lives, the work plan's calendar days in the browser's zone and the planned days it asks the server for, moving a planned time to another day, and notice
 * plan schedules, which the server keeps in UTC while people enter them in their own zone. The app has no date
 * library: these lean on Date and its local-time getters, nothing more.
 */
import type { Tone } from './model';

/** Project stages (`state` of the work calls): 1 planning, 2 active, 3 done, 4 archived. */
export const PROJECT_STATES = [1, 2, 3, 4] as const;
export const PROJECT_ACTIVE = 2;

export function projectStateTone(state: number): Tone {
  switch (state) {
    case 1:
      return 'amber';
    case 2:
      return 'blue';
    case 3:
      return 'green';
    default:
      return 'slate';
  }
}

/** A progress share the server answers (0–100) made safe for a bar's width. */
export function progressWidth(progress: number): number {
  return Number.isFinite(progress) ? Math.min(100, Math.max(0, Math.round(progress))) : 0;
}

/**
 * The project detail's path from the menu route of `project/projectManage`: its `:id` segment when the route has one,
 * else the id in the query (the seeded route is `/project/projectManage`, without a parameter).
 */
export function projectPath(routePath: string, id: number): string {
  return routePath.includes(':id') ? routePath.replace(':id', encodeURIComponent(String(id))) : `${routePath}?id=${String(id)}`;
}

/** The project a detail view shows: the route's `:id`, else `?id=`; null when there is none (the view lists them). */
export function projectIdFrom(params: Readonly<Record<string, string>> | undefined, search: string): number | null {
  const raw = params?.id ?? new URLSearchParams(search).get('id') ?? '';
  const id = Number(raw);
  return raw !== '' && Number.isInteger(id) && id > 0 ? id : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date → its `YYYY-MM-DD` in the browser's zone. */
export function localDay(d: Date): string {
  return `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** `YYYY-MM-DD` → local midnight of that day, or null when it is not a real day. */
export function parseDay(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const date = new Date(y, mo, d);
  return date.getFullYear() === y && date.getMonth() === mo && date.getDate() === d ? date : null;
}

/** The local day of an RFC 3339 time, or null for none or garbage. */
export function dayOf(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : localDay(d);
}

/** The local `HH:MM` of an RFC 3339 time ('' for none or garbage). */
export function timeOf(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A month as the calendar pages it: the year and the month from 0. */
export interface Month {
  year: number;
  month: number;
}

export function monthOf(d: Date): Month {
  return { year: d.getFullYear(), month: d.getMonth() };
}

export function addMonths(m: Month, delta: number): Month {
  const d = new Date(m.year, m.month + delta, 1);
  return { year: d.getFullYear(), month: d.getMonth() };
}

/** Whether a `YYYY-MM-DD` lies in the month. */
export function inMonth(day: string, m: Month): boolean {
  return day.startsWith(`${String(m.year)}-${pad(m.month + 1)}-`);
}

/** The days of a month's grid: whole weeks starting on Monday, from the week of the 1st to the week of the last day. */
export function monthGrid(m: Month): string[] {
  const first = new Date(m.year, m.month, 1);
  const last = new Date(m.year, m.month + 1, 0);
  // Monday = 0 … Sunday = 6
  const lead = (first.getDay() + 6) % 7;
  const trail = 6 - ((last.getDay() + 6) % 7);
  const days: string[] = [];
  for (let i = -lead; i < last.getDate() + trail; i += 1) days.push(localDay(new Date(m.year, m.month, 1 + i)));
  return days;
}

/** `YYYY-MM-DD` moved by `delta` calendar days (null when it is not a real day). */
export function addDays(day: string, delta: number): string | null {
  const date = parseDay(day);
  if (!date) return null;
  date.setDate(date.getDate() + delta);
  return localDay(date);
}

/**
 * What `work/list` is asked for a month's grid: orders planned on its days. The server counts UTC days and a local
 * day overlaps the UTC day before or after it (east or west of UTC), so the range reaches a day further each side;
 * the extra orders fall outside the grid and are not shown.
 */
export function plannedRange(m: Month): { plannedFrom: string; plannedTo: string } {
  const grid = monthGrid(m);
  const first = grid[0] ?? localDay(new Date(m.year, m.month, 1));
  const last = grid.at(-1) ?? first;
  return { plannedFrom: addDays(first, -1) ?? first, plannedTo: addDays(last, 1) ?? last };
}

/** The month's days (1st to last), for the agenda list of a phone. */
export function monthDays(m: Month): string[] {
  const count = new Date(m.year, m.month + 1, 0).getDate();
  return Array.from({ length: count }, (_, i) => localDay(new Date(m.year, m.month, i + 1)));
}

/**
 * The UTC time an item is planned for when it is moved to `day`: its local time of day is kept; an item not planned
 * yet starts at `defaultTime` (`HH:MM`, local). Null when the day is not a real day.
 */
export function plannedOn(day: string, current: string | null | undefined, defaultTime = '09:00'): string | null {
  const date = parseDay(day);
  if (!date) return null;
  const [h, min] = (timeOf(current) || defaultTime).split(':').map(Number);
  date.setHours(h ?? 9, min ?? 0, 0, 0);
  return date.toISOString();
}

/** Items by the local day of their time (items without one are left out), each day in time order. */
export function groupByDay<T>(items: readonly T[], at: (item: T) => string | null | undefined): Map<string, T[]> {
  const out = new Map<string, T[]>();
  const sorted = [...items].sort((a, b) => new Date(at(a) ?? 0).getTime() - new Date(at(b) ?? 0).getTime());
  for (const item of sorted) {
    const day = dayOf(at(item));
    if (day === null) continue;
    const list = out.get(day);
    if (list) list.push(item);
    else out.set(day, [item]);
  }
  return out;
}

/** A schedule's first day and time of day. */
export interface DayTime {
  day: string;
  time: string;
}

/** A first run entered in the browser's zone → the UTC day and `HH:MM` the server keeps; null when malformed. */
export function scheduleToUtc(local: DayTime): DayTime | null {
  const date = parseDay(local.day);
  const m = /^(\d{1,2}):(\d{2})$/.exec(local.time.trim() || '00:00');
  if (!date || !m) return null;
  const [h, min] = [Number(m[1]), Number(m[2])];
  if (h > 23 || min > 59) return null;
  date.setHours(h, min, 0, 0);
  const iso = date.toISOString();
  return { day: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** The server's UTC first run → the day and time in the browser's zone ('' parts when it has none). */
export function scheduleFromUtc(startOn: string | null | undefined, at: string | null | undefined): DayTime {
  if (!startOn) return { day: '', time: '' };
  const time = at && at.trim() !== '' ? at.trim() : '00:00';
  const d = new Date(`${startOn}T${time}:00Z`);
  if (Number.isNaN(d.getTime())) return { day: '', time: '' };
  return { day: localDay(d), time: timeOf(d.toISOString()) };
}

/** A notice plan's vehicles with their plates (`plates` runs beside `vehicleIds`; a vehicle gone shows as #id). */
export function informPlates(plan: { vehicleIds: readonly number[]; plates: readonly string[] }): { vehicleId: number; plate: string }[] {
  return plan.vehicleIds.map((vehicleId, i) => {
    const plate = plan.plates[i] ?? '';
    return { vehicleId, plate: plate !== '' ? plate : `#${String(vehicleId)}` };
  });
}
