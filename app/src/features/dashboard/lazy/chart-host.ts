/**
 * What every dashboard chart module shares: an ECharts instance on the element, resized with it, disposed with the
 * widget. Browser only (lazy/): the family modules register their own pieces before calling it.
 */
import { init, type EChartsType } from 'echarts/core';

/** The dashboard's series colours (the console's accent first). */
export const PALETTE = ['#4d70ff', '#10b981', '#f59e0b', '#ef4444', '#8b5cf6', '#06b6d4', '#ec4899', '#84cc16', '#64748b', '#f97316'];
export const AXIS_LABEL = { color: '#64748b' } as const;

export interface ChartHost {
  chart: EChartsType;
  dispose(): void;
}

export function hostChart(el: HTMLElement, onDispose?: () => void): ChartHost {
  const chart = init(el, null, { renderer: 'canvas' });
  const resize = new ResizeObserver(() => {
    chart.resize();
  });
  resize.observe(el);
  // printing lays the page out anew (narrower): draw for it, and back for the screen after
  const fit = () => {
    chart.resize();
  };
  window.addEventListener('beforeprint', fit);
  window.addEventListener('afterprint', fit);
  return {
    chart,
    dispose() {
      onDispose?.();
      window.removeEventListener('beforeprint', fit);
      window.removeEventListener('afterprint', fit);
      resize.disconnect();
      chart.dispose();
    },
  };
}

/** Numbers in tooltips: whole numbers as they are, others to one decimal. */
export function tooltipNumber(value: unknown): string {
  const n = Number(value);
  return Number.isFinite(n) ? (Number.isInteger(n) ? String(n) : n.toFixed(1)) : '–';
}
