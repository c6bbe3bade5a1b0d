/**
 * ECharts donut of the fleet's vehicle states. Browser only: loaded with import() from <StatusChart>, so ECharts is
 * a lazy chunk. Only the pieces used are registered (pie + tooltip + canvas).
 */
import { PieChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import { init, use as registerEcharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

registerEcharts([PieChart, TooltipComponent, CanvasRenderer]);

export interface ChartSlice {
  name: string;
  value: number;
  color: string;
}

export interface StatusChartHandle {
  update(slices: readonly ChartSlice[], totalLabel: string): void;
  dispose(): void;
}

export function createStatusChart(el: HTMLElement): StatusChartHandle {
  const chart = init(el, null, { renderer: 'canvas' });
  const resize = new ResizeObserver(() => {
    chart.resize();
  });
  resize.observe(el);
  return {
    update(slices, totalLabel) {
      const total = slices.reduce((sum, s) => sum + s.value, 0);
      chart.setOption({
        animationDuration: 400,
        tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
        title: undefined,
        series: [
          {
            type: 'pie',
            radius: ['62%', '88%'],
            avoidLabelOverlap: true,
            padAngle: 2,
            itemStyle: { borderRadius: 4 },
            label: {
              show: true,
              position: 'center',
              formatter: () => `{v|${total}}\n{l|${totalLabel}}`,
              rich: {
                v: { fontSize: 20, fontWeight: 700, color: '#0f172a', lineHeight: 24 },
                l: { fontSize: 11, color: '#64748b', lineHeight: 16 },
              },
            },
            emphasis: { scale: true, scaleSize: 4, label: { show: true } },
            labelLine: { show: false },
            data: slices.map((s) => ({ name: s.name, value: s.value, itemStyle: { color: s.color } })),
          },
        ],
      });
    },
    dispose() {
      resize.disconnect();
      chart.dispose();
    },
  };
}
