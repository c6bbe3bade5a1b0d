/**
 * ECharts line chart of orders opened and resolved per period. Browser only: loaded with import() from the all-orders
 * view, so ECharts is a lazy chunk; only the pieces used are registered (line + grid + tooltip + legend + canvas).
 */
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerEcharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

import type { PeriodCount } from '@/lib/api-types';

registerEcharts([LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export interface TrendTexts {
  opened: string;
  resolved: string;
}

export interface TrendChartHandle {
  update(periods: readonly PeriodCount[], texts: TrendTexts): void;
  dispose(): void;
}

export function createTrendChart(el: HTMLElement): TrendChartHandle {
  const chart = init(el, null, { renderer: 'canvas' });
  const resize = new ResizeObserver(() => {
    chart.resize();
  });
  resize.observe(el);
  return {
    update(periods, texts) {
      chart.setOption(
        {
          color: ['#4d70ff', '#10b981'],
          tooltip: { trigger: 'axis' },
          legend: { bottom: 0, data: [texts.opened, texts.resolved], textStyle: { color: '#475569' } },
          grid: { left: 36, right: 16, top: 16, bottom: 48 },
          xAxis: { type: 'category', data: periods.map((p) => p.period), axisLabel: { color: '#64748b' } },
          yAxis: { type: 'value', minInterval: 1, axisLabel: { color: '#64748b' } },
          series: [
            { name: texts.opened, type: 'line', data: periods.map((p) => p.opened) },
            { name: texts.resolved, type: 'line', data: periods.map((p) => p.resolved) },
          ],
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
