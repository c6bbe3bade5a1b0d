/**
 * The radial family of dashboard charts: pie (shares of a whole) and gauge (one value). Browser only: loaded with
 * import(), registering only the pieces used.
 */
import { GaugeChart, PieChart } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import { use as registerEcharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

import type { RadialSpec } from '../model';
import { hostChart, PALETTE, tooltipNumber } from './chart-host';

registerEcharts([PieChart, GaugeChart, TooltipComponent, LegendComponent, CanvasRenderer]);

export interface RadialHandle {
  update(spec: RadialSpec): void;
  dispose(): void;
}

export function createRadialChart(el: HTMLElement): RadialHandle {
  const host = hostChart(el);
  const { chart } = host;
  return {
    update(spec) {
      if (spec.variant === 'gauge') {
        const slice = spec.slices[0] ?? { name: '', value: 0 };
        chart.setOption(
          {
            series: [
              {
                type: 'gauge',
                min: 0,
                max: spec.max ?? 100,
                progress: { show: true, width: 14 },
                axisLine: { lineStyle: { width: 14 } },
                splitNumber: 4,
                axisLabel: { color: '#64748b', distance: 18, fontSize: 10, formatter: (v: number) => (v >= 1000 ? `${String(v / 1000)}k` : String(v)) },
                axisTick: { splitNumber: 4 },
                splitLine: { length: 8 },
                pointer: { width: 4 },
                detail: { valueAnimation: true, formatter: (v: number) => tooltipNumber(v), fontSize: 22, color: '#0f172a', offsetCenter: [0, '60%'] },
                title: { offsetCenter: [0, '85%'], color: '#475569', fontSize: 12 },
                data: [{ name: slice.name, value: slice.value }],
              },
            ],
          },
          true,
        );
        return;
      }
      chart.setOption(
        {
          color: PALETTE,
          tooltip: { trigger: 'item', formatter: (p: { name: string; value: number; percent: number }) => `${p.name}: ${tooltipNumber(p.value)} (${p.percent.toFixed(0)}%)` },
          legend: { bottom: 0, type: 'plain', textStyle: { color: '#475569' } },
          series: [
            {
              type: 'pie',
              radius: ['38%', '64%'],
              center: ['50%', '44%'],
              avoidLabelOverlap: true,
              label: { formatter: '{b}: {d}%', color: '#475569' },
              data: spec.slices.map((sl) => ({ name: sl.name, value: sl.value, itemStyle: sl.color ? { color: sl.color } : undefined })),
            },
          ],
        },
        true,
      );
    },
    dispose() {
      host.dispose();
    },
  };
}
