/**
 * The numbered data panels of dataManage (menu keys `dataManage/panel4` … `panel22`, docs/reports.md "Data panels"):
 * each is a fixed chart of the fleet's daily roll-ups, drawn like a board chart, over a range the reader picks.
 */
import type { Period } from './model';
import type { BoardChart } from './types';

export type PanelChart = Pick<BoardChart, 'kind' | 'measure' | 'secondMeasure' | 'grouping' | 'topN'>;

export const PANELS: Readonly<Record<number, PanelChart>> = {
  4: { kind: 'line', measure: 'distanceKm', grouping: 'day' },
  5: { kind: 'bar', measure: 'drivingHours', grouping: 'day' },
  6: { kind: 'line', measure: 'activeVehicles', grouping: 'day' },
  7: { kind: 'bar', measure: 'alarms', grouping: 'day' },
  8: { kind: 'pie', measure: 'alarms', grouping: 'alarmKind' },
  9: { kind: 'pie', measure: 'alarms', grouping: 'alarmLevel' },
  10: { kind: 'bar', measure: 'criticalAlarms', grouping: 'alarmKind' },
  11: { kind: 'line', measure: 'maxTyreTemp', grouping: 'day' },
  12: { kind: 'line', measure: 'maxHubTemp', grouping: 'day' },
  13: { kind: 'line', measure: 'minPressure', grouping: 'day' },
  14: { kind: 'bar', measure: 'offlineHours', grouping: 'day' },
  15: { kind: 'bar', measure: 'distanceKm', grouping: 'week' },
  16: { kind: 'waterfall', measure: 'alarms', grouping: 'month' },
  17: { kind: 'bar', measure: 'distanceKm', grouping: 'vehicle', topN: 10 },
  18: { kind: 'bar', measure: 'alarms', grouping: 'vehicle', topN: 10 },
  19: { kind: 'bar', measure: 'maxHubTemp', grouping: 'vehicle', topN: 10 },
  20: { kind: 'bar', measure: 'distanceKm', grouping: 'enterprise' },
  21: { kind: 'scatter', measure: 'distanceKm', secondMeasure: 'alarms', grouping: 'enterprise', topN: 20 },
  22: { kind: 'heatmap', measure: 'alarms', grouping: 'enterpriseDay', topN: 10 },
};

/** The panel of a menu key (`dataManage/panel12` → 12's chart), or null. */
export function panelOf(component: string): { number: number; chart: PanelChart } | null {
  const match = /panel(\d+)$/i.exec(component);
  const chart = match ? PANELS[Number(match[1])] : undefined;
  return match && chart ? { number: Number(match[1]), chart } : null;
}

/** A fixed chart over a period, as a board chart (drawn by BoardChartBody). */
export function periodChart(chart: PanelChart, title: string, period: Period): BoardChart {
  return { id: 0, boardId: 0, sort: 0, title, range: 'custom', startDate: period.from, endDate: period.to, enterpriseId: null, secondMeasure: null, topN: null, ...chart };
}
