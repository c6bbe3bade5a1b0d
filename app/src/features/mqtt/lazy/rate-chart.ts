/**
 * ECharts charts of the MQTT console: lines per minute over the last hour, and a bar chart of refusals by reason.
 * Browser only, loaded with import() by the dashboard, so ECharts is a lazy chunk; only the pieces used are registered.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerEcharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

registerEcharts([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export interface Series {
  name: string;
  data: readonly number[];
}

export interface ChartData {
  kind: 'line' | 'bar';
  labels: readonly string[];
  series: readonly Series[];
}

export interface ChartHandle {
  update(data: ChartData): void;
  dispose(): void;
}

const COLORS = ['#4d70ff', '#10b981', '#ef4444', '#f59e0b', '#8b5cf6'];

export function createChart(el: HTMLElement): ChartHandle {
  const chart = init(el, null, { renderer: 'canvas' });
  const resize = new ResizeObserver(() => {
    chart.resize();
  });
  resize.observe(el);
  return {
    update({ kind, labels, series }) {
      chart.setOption(
        {
          color: COLORS,
          tooltip: { trigger: 'axis' },
          legend: { bottom: 0, data: series.map((s) => s.name), textStyle: { color: '#475569' } },
          grid: { left: 40, right: 16, top: 16, bottom: 48 },
          xAxis: { type: 'category', data: labels, axisLabel: { color: '#64748b' } },
          yAxis: { type: 'value', minInterval: 1, axisLabel: { color: '#64748b' } },
          series: series.map((s) => ({ name: s.name, type: kind, data: [...s.data], showSymbol: false, smooth: kind === 'line' })),
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
