/**
 * The work-order rules the screens need, pure (tests/unit/work.test.mjs): states and the action that moves an order
 * from one to another, badge tones, template values for the save call, repair totals, durations, wheel positions and
 * the numbers of the statistics header. The server decides; these only present.
 */
import type { TemplateField } from '@/lib/api-types';

export const PENDING = 100;
export const IN_PROGRESS = 101;
export const RESOLVED = 102;
export const CANCELLED = 103;
export const CLOSED = 104;
export const STATES = [PENDING, IN_PROGRESS, RESOLVED, CANCELLED, CLOSED] as const;

/** Timeline entry kinds (work_order_logs.kind). */
export const LOG_STATE = 1;
export const LOG_NOTE = 2;
export const LOG_DISPOSE = 3;
export const LOG_CHANGE = 4;

export const GRADES = [0, 1, 2, 3] as const;
export const PRIORITIES = [1, 2, 3, 4] as const;

export type Tone = 'slate' | 'green' | 'red' | 'amber' | 'blue';

export function stateTone(state: number): Tone {
  switch (state) {
    case PENDING:
      return 'amber';
    case IN_PROGRESS:
      return 'blue';
    case RESOLVED:
      return 'green';
    default:
      return 'slate';
  }
}

export function priorityTone(priority: number): Tone {
  return priority >= 4 ? 'red' : priority === 3 ? 'amber' : 'slate';
}

export function gradeTone(grade: number): Tone {
  return grade >= 3 ? 'red' : grade === 2 ? 'amber' : 'slate';
}

export type StateAction = 'start' | 'resolve' | 'close' | 'cancel' | 'reopen';

/** The action that takes an order from `from` to `to` (docs/work-orders.md), or null for a move the machine has not. */
export function actionFor(from: number, to: number): StateAction | null {
  if (to === IN_PROGRESS) return from === PENDING ? 'start' : from === RESOLVED ? 'reopen' : null;
  if (to === RESOLVED) return from === IN_PROGRESS ? 'resolve' : null;
  if (to === CLOSED) return from === RESOLVED ? 'close' : null;
  if (to === CANCELLED) return from === PENDING || from === IN_PROGRESS ? 'cancel' : null;
  return null;
}

/** Actions that ask for a remark first (they undo or end someone's work). */
export function needsRemark(action: StateAction): boolean {
  return action === 'cancel' || action === 'reopen';
}

/** The form name of a template field: the server names a refused one `fields.<key>` (dispose records `data.<key>`). */
export function templateName(prefix: 'fields' | 'data', key: string): string {
  return `${prefix}.${key}`;
}

type Values = Record<string, unknown>;

function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

/** The template's values out of flat form values (`fields.<key>`), typed by kind; blanks are left out. */
export function templateValues(prefix: 'fields' | 'data', form: readonly TemplateField[], values: Values): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of form) {
    const v = values[templateName(prefix, f.key)];
    if (isBlank(v)) continue;
    if (f.kind === 'number') {
      const n = typeof v === 'number' ? v : Number(v);
      out[f.key] = Number.isFinite(n) ? n : v;
    } else {
      out[f.key] = typeof v === 'string' ? v.trim() : v;
    }
  }
  return out;
}

/** Flat form values (`fields.<key>`) for every template field, from stored values, else defaults, else ''. */
export function templateFormValues(prefix: 'fields' | 'data', form: readonly TemplateField[], stored: Values = {}, defaults: Values = {}): Values {
  const out: Values = {};
  for (const f of form) {
    const v = stored[f.key] ?? defaults[f.key];
    out[templateName(prefix, f.key)] = v ?? '';
  }
  return out;
}

/** The keys of required template fields without a value (what the server would refuse first). */
export function missingRequired(prefix: 'fields' | 'data', form: readonly TemplateField[], values: Values): string[] {
  return form.filter((f) => f.required && isBlank(values[templateName(prefix, f.key)])).map((f) => templateName(prefix, f.key));
}

/** "a, b ,, c" → ['a', 'b', 'c'] (labels are typed comma-separated; Chinese commas too). */
export function splitLabels(text: string): string[] {
  return [...new Set(text.split(/[,，;；]/).map((s) => s.trim()).filter((s) => s !== ''))];
}

/** A `datetime-local` value (local time) → RFC 3339 UTC, or null when empty or malformed. */
export function localToRfc3339(local: string): string | null {
  if (local.trim() === '') return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** RFC 3339 → a `datetime-local` value in the browser's zone ('' for none). */
export function rfc3339ToLocal(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A coordinate typed in a form: a finite number in range, or null (empty or malformed). */
export function coordinate(text: unknown, limit: 90 | 180): number | null {
  if (typeof text === 'number') return Number.isFinite(text) && Math.abs(text) <= limit ? text : null;
  if (typeof text !== 'string' || text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

export interface RepairLineDraft {
  kind: 'part' | 'labour';
  name: string;
  position?: string;
  quantity?: number;
  unitPrice?: number;
  hours?: number;
}

/** A line's amount as the server computes it: quantity × unit price for parts, hours × rate for labour. */
export function lineAmount(l: RepairLineDraft): number {
  const price = l.unitPrice ?? 0;
  const amount = l.kind === 'part' ? (l.quantity ?? 0) * price : (l.hours ?? 0) * price;
  return Math.round(amount * 100) / 100;
}

/** Parts cost, labour hours and cost, total: the preview while the record is edited (the server's answer is final). */
export function repairTotals(lines: readonly RepairLineDraft[]): { partsCost: number; labourHours: number; labourCost: number; total: number } {
  let partsCost = 0;
  let labourHours = 0;
  let labourCost = 0;
  for (const l of lines) {
    if (l.kind === 'part') partsCost += lineAmount(l);
    else {
      labourHours += l.hours ?? 0;
      labourCost += lineAmount(l);
    }
  }
  const r = (n: number) => Math.round(n * 100) / 100;
  return { partsCost: r(partsCost), labourHours: r(labourHours), labourCost: r(labourCost), total: r(partsCost + labourCost) };
}

/** Seconds → the two largest units ('2d 3h', '45m', '30s'), in the words given; null → '—'. */
export function formatDuration(seconds: number | null | undefined, units: { d: string; h: string; m: string; s: string }): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  let rest = Math.max(0, Math.round(seconds));
  const parts: string[] = [];
  for (const [size, unit] of [
    [86_400, units.d],
    [3_600, units.h],
    [60, units.m],
    [1, units.s],
  ] as const) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0 || (size === 1 && parts.length === 0)) parts.push(`${String(n)}${unit}`);
    if (parts.length === 2) break;
  }
  return parts.join(' ');
}

/** The share of `part` in `whole`, in whole percent (0 when there is nothing). */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/** Default statistics range: the last 30 days up to today, as `YYYY-MM-DD` in the browser's zone. */
export function lastDays(days: number, now: Date): { from: string; to: string } {
  const iso = (d: Date) => `${String(d.getFullYear())}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
  return { from: iso(start), to: iso(now) };
}

/** Wheel positions of an order per axle (`axle-wheel`, both from 1) from the wheels per axle: [2, 4] → [['1-1', '1-2'], ['2-1', …]]. */
export function orderPositions(wheelsPerAxle: readonly number[]): string[][] {
  return wheelsPerAxle.map((n, a) => Array.from({ length: n }, (_, w) => `${String(a + 1)}-${String(w + 1)}`));
}
