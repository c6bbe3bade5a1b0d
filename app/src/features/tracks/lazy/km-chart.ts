/**
 * ECharts bars of km per day. Browser only: loaded with import() from <KmChart>, so ECharts is a lazy chunk; only the
 * pieces used are registered (bar + grid + tooltip + canvas). A click on a bar names its day.
 */
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerEcharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

registerEcharts([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

export interface KmBar {
  day: string;
  km: number;
}

export interface KmChartHandle {
  update(bars: readonly KmBar[], selectedDay: string | null, kmLabel: string): void;
  dispose(): void;
}

export function createKmChart(el: HTMLElement, onPick: (day: string) => void): KmChartHandle {
  const chart = init(el, null, { renderer: 'canvas' });
  chart.on('click', (event) => {
    if (typeof event.name === 'string') onPick(event.name);
  });
  const resize = new ResizeObserver(() => {
    chart.resize();
  });
  resize.observe(el);
  return {
    update(bars, selectedDay, kmLabel) {
      chart.setOption(
        {
          tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${Number(v).toFixed(1)} ${kmLabel}` },
          grid: { left: 40, right: 8, top: 12, bottom: 24 },
          xAxis: { type: 'category', data: bars.map((b) => b.day), axisLabel: { color: '#64748b', formatter: (d: string) => d.slice(5) } },
          yAxis: { type: 'value', axisLabel: { color: '#64748b' } },
          series: [
            {
              type: 'bar',
              name: kmLabel,
              data: bars.map((b) => ({ value: Number(b.km.toFixed(1)), itemStyle: { color: b.day === selectedDay ? '#f97316' : '#4d70ff' } })),
              barMaxWidth: 18,
            },
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
