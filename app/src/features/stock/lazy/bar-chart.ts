/**
 * ECharts bars for the stock screens (service costs per vehicle, item or month; tyre cost per km by brand). Browser
 * only: loaded with import() from components/bar-chart.tsx, so ECharts stays a lazy chunk; only the pieces used are
 * registered (bar + grid + tooltip + legend + canvas).
 */
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerEcharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

registerEcharts([BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export interface BarSeries {
  name: string;
  values: readonly number[];
}

export interface BarData {
  categories: readonly string[];
  series: readonly BarSeries[];
  /** Stack the series (labour + parts = cost). */
  stacked: boolean;
  /** Decimals in the tooltip. */
  decimals: number;
}

export interface BarChartHandle {
  update(data: BarData): void;
  dispose(): void;
}

const COLORS = ['#4d70ff', '#10b981', '#f59e0b', '#ef4444'];

export function createBarChart(el: HTMLElement): BarChartHandle {
  const chart = init(el, null, { renderer: 'canvas' });
  const resize = new ResizeObserver(() => {
    chart.resize();
  });
  resize.observe(el);
  return {
    update(data) {
      chart.setOption(
        {
          color: COLORS,
          tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? v.toFixed(data.decimals) : String(v)) },
          legend: data.series.length > 1 ? { bottom: 0, textStyle: { color: '#475569' } } : undefined,
          grid: { left: 8, right: 16, top: 16, bottom: data.series.length > 1 ? 40 : 16, containLabel: true },
          xAxis: { type: 'category', data: [...data.categories], axisLabel: { color: '#64748b', hideOverlap: true } },
          yAxis: { type: 'value', axisLabel: { color: '#64748b' } },
          series: data.series.map((s) => ({ name: s.name, type: 'bar', data: [...s.values], stack: data.stacked ? 'total' : undefined, barMaxWidth: 40 })),
        },
        true,
      );
    },
    dispose() {
      resize.disconnect();
      chart.dispose();
    },
  };
}
