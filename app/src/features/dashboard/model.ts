/**
 * The arithmetic of the dashboard (pure): periods of finished UTC days, the trend's days filled in, figures by
 * measure, change against the previous period, the chart specs the lazy ECharts modules draw (and the same numbers as a
 * table), how a board chart's measure and grouping are read from the fleet-report calls, and the fleet's map cells.
 */
import { addDays, daysBetween, eachDay, parseDay } from '@/lib/days';
import type { AlarmCount, AreaCell, ChartPoint, DayFigures, EnterpriseFigures, Figures, Grouping, Measure, VehicleFigures, VehicleSort } from '@/lib/api-types';
import type { BoardChart, BoardKind } from './types';

// ---------------------------------------------------------------------------------------------------------------
// Periods

/** The last-N-days choices of the period picker. */
export const PERIOD_PRESETS = [7, 30, 90] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** At most this many days in one period (the server's limit). */
export const MAX_PERIOD_DAYS = 366;

export interface Period {
  from: string;
  to: string;
  /** The preset it came from; null for a range of one's own. */
  preset: PeriodPreset | null;
}

/** The last finished day: yesterday (UTC). Today is on the live map until it closes. */
export function lastFinishedDay(today: string): string {
  return addDays(today, -1);
}

/** The `n` finished days up to yesterday. */
export function lastDays(n: PeriodPreset, today: string): Period {
  const to = lastFinishedDay(today);
  return { from: addDays(to, -(n - 1)), to, preset: n };
}

export type PeriodProblem = 'missing' | 'order' | 'unfinished' | 'tooLong';

/** What is wrong with a range of one's own, or null. */
export function periodProblem(from: string | null, to: string | null, today: string): PeriodProblem | null {
  if (!from || !to) return 'missing';
  if (to < from) return 'order';
  if (to >= today) return 'unfinished';
  if (daysBetween(from, to) > MAX_PERIOD_DAYS) return 'tooLong';
  return null;
}

/** The period the URL names (`?days=30`, or `?from=…&to=…`); the last 7 days otherwise. */
export function periodFromQuery(query: { get: (name: string) => string | null }, today: string): Period {
  const days = Number(query.get('days'));
  if ((PERIOD_PRESETS as readonly number[]).includes(days)) return lastDays(days as PeriodPreset, today);
  const from = parseDay(query.get('from'));
  const to = parseDay(query.get('to'));
  if (from && to && periodProblem(from, to, today) === null) return { from, to, preset: null };
  return lastDays(7, today);
}

/** The URL query of a period. */
export function periodQuery(period: Period): Record<string, string> {
  return period.preset ? { days: String(period.preset) } : { from: period.from, to: period.to };
}

// ---------------------------------------------------------------------------------------------------------------
// Figures

/** The figures of a day without any derived vehicle-day. */
export const NO_FIGURES: Figures = { vehicleDays: 0, km: 0, drivingSeconds: 0, fixes: 0, offlineSeconds: 0, alarms: 0, maxTyreTemp: null, maxHubTemp: null, maxHubDiff: null, minPressure: null };

/** Every day of the period, those the roll-ups do not have as empty days (the trend answers only days with data). */
export function fillDays(days: readonly DayFigures[], from: string, to: string): DayFigures[] {
  const byDay = new Map(days.map((d) => [d.day, d]));
  return eachDay(from, to).map((day) => byDay.get(day) ?? { ...NO_FIGURES, day });
}

/** The value of `measure` in a set of figures (hours from seconds); null when nothing was measured. */
export function figureOf(f: Figures, measure: Measure): number | null {
  switch (measure) {
    case 'km':
      return f.km;
    case 'drivingHours':
      return f.drivingSeconds / 3600;
    case 'vehicleDays':
      return f.vehicleDays;
    case 'alarms':
      return f.alarms;
    case 'offlineHours':
      return f.offlineSeconds / 3600;
    case 'maxTyreTemp':
      return f.maxTyreTemp ?? null;
    case 'maxHubTemp':
      return f.maxHubTemp ?? null;
    case 'maxHubDiff':
      return f.maxHubDiff ?? null;
    case 'minPressure':
      return f.minPressure ?? null;
  }
}

/** How a measure combines over a group (docs: sums add, extremes keep the extreme). */
export function combineOf(measure: Measure): 'sum' | 'max' | 'min' {
  if (measure === 'maxTyreTemp' || measure === 'maxHubTemp' || measure === 'maxHubDiff') return 'max';
  if (measure === 'minPressure') return 'min';
  return 'sum';
}

/** The values combined as the measure combines (null when there is none). */
export function combine(values: readonly (number | null)[], how: 'sum' | 'max' | 'min'): number | null {
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (how === 'sum') return present.reduce((a, b) => a + b, 0);
  if (present.length === 0) return null;
  return how === 'max' ? Math.max(...present) : Math.min(...present);
}

/** Change from `before` to `now` in per cent; null when there is nothing to compare with. */
export function changePct(now: number | null, before: number | null): number | null {
  if (now === null || before === null || before === 0) return null;
  return ((now - before) / Math.abs(before)) * 100;
}

/** Decimals a measure is shown with. */
export function decimalsOf(measure: Measure): number {
  switch (measure) {
    case 'vehicleDays':
    case 'alarms':
    case 'maxTyreTemp':
    case 'maxHubTemp':
    case 'maxHubDiff':
      return 0;
    case 'minPressure':
      return 2;
    default:
      return 1;
  }
}

/** A measure's value as text ('–' for none). */
export function formatFigure(value: number | null, measure: Measure): string {
  if (value === null) return '–';
  return value.toFixed(decimalsOf(measure));
}

/** Whether a period has anything to show. */
export function hasFigures(f: Figures): boolean {
  return f.vehicleDays > 0 || f.alarms > 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Chart specs: what the lazy ECharts modules draw, one module per family

export interface Series {
  name: string;
  values: (number | null)[];
  /** Bars stacked under one name share a stack. */
  stack?: string;
  /** line or bar (a cartesian chart may mix them). */
  type?: 'line' | 'bar';
  color?: string;
}

export type CartesianSpec =
  | { family: 'cartesian'; variant: 'line' | 'bar' | 'waterfall'; categories: string[]; series: Series[] }
  | { family: 'cartesian'; variant: 'scatter'; xName: string; yName: string; points: { name: string; x: number; y: number }[] }
  | { family: 'cartesian'; variant: 'barRace'; frames: { label: string; bars: { name: string; value: number }[] }[] };

export interface RadialSpec {
  family: 'radial';
  variant: 'pie' | 'gauge';
  slices: { name: string; value: number; color?: string }[];
  /** The gauge's end (a round number above the value). */
  max?: number;
  /** What the values count (the table's second column). */
  valueName?: string;
}

export interface HeatmapSpec {
  family: 'heatmap';
  xs: string[];
  ys: string[];
  /** [x index, y index, value] */
  cells: [number, number, number][];
}

export type ChartSpec = CartesianSpec | RadialSpec | HeatmapSpec;
export type ChartFamily = ChartSpec['family'];

/** Whether a spec has nothing to draw (every value missing or zero). */
export function specIsEmpty(spec: ChartSpec): boolean {
  switch (spec.family) {
    case 'cartesian':
      if (spec.variant === 'scatter') return spec.points.length === 0;
      if (spec.variant === 'barRace') return spec.frames.every((f) => f.bars.every((b) => b.value === 0));
      return spec.series.every((s) => s.values.every((v) => v === null || v === 0));
    case 'radial':
      return spec.slices.every((s) => s.value === 0);
    case 'heatmap':
      return spec.cells.every((c) => c[2] === 0);
  }
}

export interface SpecTable {
  head: string[];
  rows: string[][];
}

const cellText = (v: number | null, digits: number) => (v === null ? '–' : Number.isInteger(v) ? String(v) : v.toFixed(digits));

/** The numbers of a chart as a table (the accessible twin of every chart). `label` heads the first column. */
export function specTable(spec: ChartSpec, label: string, digits = 1): SpecTable {
  switch (spec.family) {
    case 'cartesian':
      if (spec.variant === 'scatter') {
        return { head: [label, spec.xName, spec.yName], rows: spec.points.map((p) => [p.name, cellText(p.x, digits), cellText(p.y, digits)]) };
      }
      if (spec.variant === 'barRace') {
        const names = [...new Set(spec.frames.flatMap((f) => f.bars.map((b) => b.name)))];
        return {
          head: [label, ...names],
          rows: spec.frames.map((f) => [f.label, ...names.map((n) => cellText(f.bars.find((b) => b.name === n)?.value ?? null, digits))]),
        };
      }
      return {
        head: [label, ...spec.series.map((s) => s.name)],
        rows: spec.categories.map((c, i) => [c, ...spec.series.map((s) => cellText(s.values[i] ?? null, digits))]),
      };
    case 'radial':
      return { head: [label, spec.valueName ?? ''], rows: spec.slices.map((s) => [s.name, cellText(s.value, digits)]) };
    case 'heatmap':
      return {
        head: [label, ...spec.xs],
        rows: spec.ys.map((y, yi) => [y, ...spec.xs.map((_, xi) => cellText(spec.cells.find((c) => c[0] === xi && c[1] === yi)?.[2] ?? 0, digits))]),
      };
  }
}

/** A round end for a gauge showing `value`. */
export function gaugeMax(value: number): number {
  if (value <= 0) return 100;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= value * 1.1) return step * magnitude;
  return 20 * magnitude;
}

// ---------------------------------------------------------------------------------------------------------------
// Alarms

/** Alarm levels in every chart: warning amber, critical red. */
export const LEVEL_COLORS = { warning: '#f59e0b', critical: '#ef4444' } as const;

/** Warning and critical counts by hour 0–23 as a stacked bar spec. */
export function hourSpec(hours: readonly AlarmCount[], names: { warning: string; critical: string }): CartesianSpec {
  const byHour = new Map(hours.map((h) => [h.key, h]));
  const all = Array.from({ length: 24 }, (_, h) => byHour.get(h) ?? { key: h, warning: 0, critical: 0, total: 0 });
  return {
    family: 'cartesian',
    variant: 'bar',
    categories: all.map((h) => `${String(h.key).padStart(2, '0')}:00`),
    series: [
      { name: names.warning, values: all.map((h) => h.warning), stack: 'level', type: 'bar', color: LEVEL_COLORS.warning },
      { name: names.critical, values: all.map((h) => h.critical), stack: 'level', type: 'bar', color: LEVEL_COLORS.critical },
    ],
  };
}

/** Alarms by kind as a pie spec (`label` names a kind). */
export function kindSpec(kinds: readonly AlarmCount[], label: (kind: number) => string, valueName: string): RadialSpec {
  return { family: 'radial', variant: 'pie', valueName, slices: kinds.map((k) => ({ name: label(k.key), value: k.total })).filter((s) => s.value > 0) };
}

// ---------------------------------------------------------------------------------------------------------------
// Board charts: the board stores its own closed enumerations (docs/reports.md "Dashboard boards"); the numbers come
// from the fleet-report calls over the daily roll-ups. Where no call serves a measure or grouping yet, the chart says
// so instead of drawing anything.

export const BOARD_KINDS = ['bar', 'line', 'pie', 'gauge', 'heatmap', 'map', 'waterfall', 'scatter', 'barRace'] as const satisfies readonly BoardKind[];
export const BOARD_MEASURES = ['distanceKm', 'drivingHours', 'activeVehicles', 'alarms', 'criticalAlarms', 'maxTyreTemp', 'maxHubTemp', 'minPressure', 'sensorLosses', 'offlineHours', 'workOrders'] as const;
export const BOARD_GROUPINGS = ['none', 'day', 'week', 'month', 'enterprise', 'vehicle', 'alarmKind', 'alarmLevel', 'region', 'enterpriseDay', 'vehicleDay'] as const;
export const BOARD_RANGES = ['today', 'yesterday', 'last7Days', 'last30Days', 'thisMonth', 'lastMonth', 'thisYear', 'custom'] as const;

/** Whether `value` is one of `list` (narrowing it to the list's values). */
export function oneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/** The family (lazy module) that draws a kind; `map` has none yet (no regional data). */
export function familyOf(kind: string): ChartFamily | null {
  switch (kind) {
    case 'bar':
    case 'line':
    case 'waterfall':
    case 'scatter':
    case 'barRace':
      return 'cartesian';
    case 'pie':
    case 'gauge':
      return 'radial';
    case 'heatmap':
      return 'heatmap';
    default:
      return null;
  }
}

/** The board's measure names → the roll-up calls' (`chart_data`, `chart`, `ship_list`, `analysis_table`). */
const ROLLUP_MEASURE: Record<string, Measure | undefined> = {
  distanceKm: 'km',
  drivingHours: 'drivingHours',
  activeVehicles: 'vehicleDays',
  alarms: 'alarms',
  offlineHours: 'offlineHours',
  maxTyreTemp: 'maxTyreTemp',
  maxHubTemp: 'maxHubTemp',
  maxHubDiff: 'maxHubDiff',
  minPressure: 'minPressure',
};

export function rollupMeasure(boardMeasure: string | null | undefined): Measure | null {
  return boardMeasure ? (ROLLUP_MEASURE[boardMeasure] ?? null) : null;
}

/** `ship_list`'s sort key for a measure (a vehicle ranking); null when it cannot sort by it. */
export function vehicleSortOf(measure: Measure): VehicleSort | null {
  switch (measure) {
    case 'km':
    case 'alarms':
    case 'maxTyreTemp':
    case 'maxHubTemp':
    case 'maxHubDiff':
      return measure;
    case 'drivingHours':
      return 'drivingSeconds';
    case 'offlineHours':
      return 'offlineSeconds';
    default:
      return null;
  }
}

/** A vehicle's value of a measure. */
export function vehicleFigureOf(v: VehicleFigures, measure: Measure): number | null {
  return figureOf({ ...v, vehicleDays: v.days }, measure);
}

/** Where a board chart's numbers come from. */
export type BoardSource =
  | { call: 'chartData'; measure: Measure; grouping: Grouping; fold: boolean }
  | { call: 'vehicles'; measure: Measure; second: Measure | null; sort: VehicleSort; topN: number }
  | { call: 'enterprises'; measure: Measure; second: Measure | null; topN: number }
  | { call: 'alarmLevels'; critical: boolean }
  | { call: 'criticalByKind' }
  | { call: 'enterpriseDays'; measure: Measure; topN: number }
  | { call: 'none'; missing: 'measure' | 'grouping' | 'kind' };

const DEFAULT_TOP_N = 10;

/** How a board chart is read, or which of its settings no call serves yet. */
export function boardSource(chart: Pick<BoardChart, 'kind' | 'measure' | 'secondMeasure' | 'grouping' | 'topN'>): BoardSource {
  if (familyOf(chart.kind) === null) return { call: 'none', missing: 'kind' };
  const topN = chart.topN ?? DEFAULT_TOP_N;
  const { grouping } = chart;
  // alarms by level, and critical alarms, come from the alarm counts by kind (warning / critical)
  if (grouping === 'alarmLevel' && (chart.measure === 'alarms' || chart.measure === 'criticalAlarms')) return { call: 'alarmLevels', critical: chart.measure === 'criticalAlarms' };
  if (chart.measure === 'criticalAlarms' && grouping === 'alarmKind') return { call: 'criticalByKind' };
  const measure = rollupMeasure(chart.measure);
  if (!measure) return { call: 'none', missing: 'measure' };
  const second = chart.kind === 'scatter' ? rollupMeasure(chart.secondMeasure) : null;
  if (chart.kind === 'scatter' && !second) return { call: 'none', missing: 'measure' };
  switch (grouping) {
    case 'day':
    case 'week':
    case 'month':
    case 'enterprise':
      if (chart.kind === 'scatter') return { call: 'enterprises', measure, second, topN };
      return { call: 'chartData', measure, grouping, fold: false };
    case 'alarmKind':
      return measure === 'alarms' ? { call: 'chartData', measure, grouping, fold: false } : { call: 'none', missing: 'grouping' };
    case 'none':
      return { call: 'chartData', measure, grouping: 'month', fold: true };
    case 'vehicle': {
      const sort = vehicleSortOf(measure);
      return sort ? { call: 'vehicles', measure, second, sort, topN } : { call: 'none', missing: 'grouping' };
    }
    case 'enterpriseDay':
      return { call: 'enterpriseDays', measure, topN };
    default:
      // vehicleDay, region: no call answers them yet
      return { call: 'none', missing: 'grouping' };
  }
}

/** The days a chart's range covers when read on `today` (finished days: the roll-ups hold no others). */
export function chartPeriod(chart: Pick<BoardChart, 'range' | 'startDate' | 'endDate'>, today: string): { from: string; to: string } {
  const yesterday = lastFinishedDay(today);
  const month = today.slice(0, 7);
  switch (chart.range) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: yesterday, to: yesterday };
    case 'last7Days':
      return { from: addDays(yesterday, -6), to: yesterday };
    case 'last30Days':
      return { from: addDays(yesterday, -29), to: yesterday };
    case 'thisMonth':
      return { from: `${month}-01`, to: `${month}-01` > yesterday ? `${month}-01` : yesterday };
    case 'lastMonth': {
      const last = addDays(`${month}-01`, -1);
      return { from: `${last.slice(0, 7)}-01`, to: last };
    }
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-01-01` > yesterday ? `${today.slice(0, 4)}-01-01` : yesterday };
    default:
      return { from: chart.startDate ?? yesterday, to: chart.endDate ?? yesterday };
  }
}

/** Points of `chart_data` as a spec of a cartesian or radial kind. */
export function pointsSpec(kind: string, points: readonly ChartPoint[], name: string, labelOf: (label: string) => string = (l) => l): ChartSpec {
  const categories = points.map((p) => labelOf(p.label));
  const values = points.map((p) => p.value);
  if (kind === 'pie') return { family: 'radial', variant: 'pie', valueName: name, slices: categories.map((c, i) => ({ name: c, value: values[i] ?? 0 })) };
  const variant = kind === 'line' ? 'line' : kind === 'waterfall' ? 'waterfall' : 'bar';
  return { family: 'cartesian', variant, categories, series: [{ name, values }] };
}

/** One value as a gauge. */
export function gaugeSpec(name: string, value: number | null): RadialSpec {
  const v = value ?? 0;
  return { family: 'radial', variant: 'gauge', valueName: name, slices: [{ name, value: v }], max: gaugeMax(v) };
}

/** Rows of a ranking (vehicles or enterprises) as the spec of a kind. */
export function rankingSpec<R>(
  kind: string,
  rows: readonly R[],
  nameOf: (r: R) => string,
  valueOf: (r: R, m: Measure) => number | null,
  measure: Measure,
  second: Measure | null,
  names: { measure: string; second: string },
): ChartSpec {
  if (kind === 'scatter' && second) {
    return {
      family: 'cartesian',
      variant: 'scatter',
      xName: names.measure,
      yName: names.second,
      points: rows.flatMap((r) => {
        const x = valueOf(r, measure);
        const y = valueOf(r, second);
        return x === null || y === null ? [] : [{ name: nameOf(r), x, y }];
      }),
    };
  }
  return pointsSpec(
    kind,
    rows.map((r) => ({ label: nameOf(r), value: valueOf(r, measure) ?? 0 })),
    names.measure,
  );
}

/** Enterprises by a measure, most first, the first `n`. */
export function topEnterprises(rows: readonly EnterpriseFigures[], measure: Measure, n: number): EnterpriseFigures[] {
  const how = combineOf(measure);
  const key = (r: EnterpriseFigures) => figureOf(r, measure) ?? (how === 'min' ? Infinity : -Infinity);
  return [...rows].sort((a, b) => (how === 'min' ? key(a) - key(b) : key(b) - key(a))).slice(0, n);
}

/** Per-enterprise days as a heat map (enterprise × day) or a bar race (a ranking per day, running totals for sums). */
export function enterpriseDaysSpec(kind: string, days: readonly string[], rows: readonly { name: string; points: readonly ChartPoint[] }[], measure: Measure): ChartSpec {
  const valueAt = (points: readonly ChartPoint[], day: string) => points.find((p) => p.label === day)?.value ?? null;
  if (kind === 'barRace') {
    const how = combineOf(measure);
    const running = rows.map(() => null as number | null);
    const frames = days.map((day) => {
      rows.forEach((r, i) => {
        running[i] = combine([running[i] ?? null, valueAt(r.points, day)], how);
      });
      return { label: day, bars: rows.map((r, i) => ({ name: r.name, value: running[i] ?? 0 })) };
    });
    return { family: 'cartesian', variant: 'barRace', frames };
  }
  const cells: [number, number, number][] = [];
  rows.forEach((r, yi) => {
    days.forEach((day, xi) => {
      cells.push([xi, yi, valueAt(r.points, day) ?? 0]);
    });
  });
  return { family: 'heatmap', xs: [...days], ys: rows.map((r) => r.name), cells };
}

/** Moves the item at `from` to `to` (reordering a board); the same list when either is out of range. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

/** The numbers behind a board chart, as read (the spec is built from them in the page's language). */
export type BoardData =
  | { type: 'points'; points: ChartPoint[] }
  | { type: 'vehicles'; rows: VehicleFigures[] }
  | { type: 'enterprises'; rows: EnterpriseFigures[] }
  | { type: 'enterpriseDays'; days: string[]; rows: { name: string; points: ChartPoint[] }[] };

export interface BoardLabels {
  /** A roll-up measure's name. */
  measure: (m: Measure) => string;
  /** A point's label as shown: alarm kinds and levels by name, the rest as they are. */
  point: (label: string) => string;
}

/** Alarm levels keep their colours wherever they are a pie's slices. */
function levelColors(spec: ChartSpec): ChartSpec {
  if (spec.family !== 'radial') return spec;
  return { ...spec, slices: spec.slices.map((sl, i) => ({ ...sl, color: i === 0 && spec.slices.length === 2 ? LEVEL_COLORS.warning : LEVEL_COLORS.critical })) };
}

/** `chart_data` by day answers only days with data: the others of the range as 0 for a sum (an extreme stays absent). */
export function fillPoints(points: readonly ChartPoint[], days: readonly string[], measure: Measure): ChartPoint[] {
  if (combineOf(measure) !== 'sum') return [...points];
  const byDay = new Map(points.map((p) => [p.label, p.value]));
  return days.map((day) => ({ label: day, value: byDay.get(day) ?? 0 }));
}

/** Alarm counts by kind as the points of a level grouping (`warning`, `critical`), or of critical alarms by kind. */
export function levelPoints(kinds: readonly AlarmCount[], only: 'both' | 'critical'): ChartPoint[] {
  const warning = kinds.reduce((n, k) => n + k.warning, 0);
  const critical = kinds.reduce((n, k) => n + k.critical, 0);
  return only === 'critical' ? [{ label: 'critical', value: critical }] : [{ label: 'warning', value: warning }, { label: 'critical', value: critical }];
}

/** The spec a board chart draws from its data. */
export function boardSpec(chart: Pick<BoardChart, 'kind' | 'title'>, source: BoardSource, data: BoardData, labels: BoardLabels): ChartSpec | null {
  const name = (m: Measure | null) => (m ? labels.measure(m) : chart.title);
  const measure = 'measure' in source ? source.measure : null;
  switch (data.type) {
    case 'points':
      if (chart.kind === 'gauge') {
        const how = measure ? combineOf(measure) : 'sum';
        return gaugeSpec(name(measure), combine(data.points.map((p) => p.value), how));
      }
      if (source.call === 'alarmLevels') return levelColors(pointsSpec(chart.kind, data.points, chart.title, labels.point));
      return pointsSpec(chart.kind, data.points, name(measure), labels.point);
    case 'vehicles':
    case 'enterprises': {
      if (!measure) return null;
      const second = 'second' in source ? source.second : null;
      const names = { measure: labels.measure(measure), second: second ? labels.measure(second) : '' };
      if (data.type === 'vehicles') return rankingSpec(chart.kind, data.rows, (r) => r.plate, vehicleFigureOf, measure, second, names);
      return rankingSpec(chart.kind, data.rows, (r) => r.name, figureOf, measure, second, names);
    }
    case 'enterpriseDays':
      return measure ? enterpriseDaysSpec(chart.kind, data.days, data.rows, measure) : null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Where the fleet is now (areal_distribution's map cells)

/** The cell sizes offered, in degrees. */
export const CELL_SIZES = [0.1, 0.5, 1, 2] as const;
/** The size the panel opens with. */
export const DEFAULT_CELL = 1;

/** Colours by the share of a cell's vehicles with an active alarm: none, up to a quarter, up to half, more. */
export const ALARM_SHARE_BANDS = [
  { key: 'none', upTo: 0, color: '#16a34a' },
  { key: 'low', upTo: 0.25, color: '#ca8a04' },
  { key: 'mid', upTo: 0.5, color: '#ea580c' },
  { key: 'high', upTo: 1, color: '#dc2626' },
] as const;

export function alarmShare(c: Pick<AreaCell, 'all' | 'alarm'>): number {
  return c.all > 0 ? c.alarm / c.all : 0;
}

export function alarmColor(c: Pick<AreaCell, 'all' | 'alarm'>): string {
  const share = alarmShare(c);
  return (ALARM_SHARE_BANDS.find((b) => share <= b.upTo) ?? ALARM_SHARE_BANDS[3]).color;
}

/** The id of a cell: its south-west corner. */
export function cellId(c: Pick<AreaCell, 'south' | 'west'>): string {
  return `cell:${String(c.south)}:${String(c.west)}`;
}

/** A latitude or longitude with its hemisphere, to the decimals the cell size needs. */
export function degrees(value: number, axis: 'lat' | 'lon', cell: number): string {
  const decimals = cell >= 1 ? 0 : cell >= 0.1 ? 1 : 2;
  // the cell edges come as sums of floats (22.700000000000003): rounded first, so a hair below 0 is 0
  const rounded = Number(value.toFixed(decimals));
  const hemisphere = axis === 'lat' ? (rounded < 0 ? 'S' : 'N') : rounded < 0 ? 'W' : 'E';
  return `${Math.abs(rounded).toFixed(decimals)}°${rounded === 0 ? '' : hemisphere}`;
}
