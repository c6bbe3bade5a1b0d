/**
 * The heat-map family of dashboard charts: a value per cell of two categories (enterprise × day). Browser only:
 * loaded with import(), registering only the pieces used.
 */
import { HeatmapChart } from 'echarts/charts';
import { GridComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { use as registerEcharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

import type { HeatmapSpec } from '../model';
import { AXIS_LABEL, hostChart, tooltipNumber } from './chart-host';

registerEcharts([HeatmapChart, GridComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

export interface HeatmapHandle {
  update(spec: HeatmapSpec): void;
  dispose(): void;
}

export function createHeatmapChart(el: HTMLElement): HeatmapHandle {
  const host = hostChart(el);
  const { chart } = host;
  return {
    update(spec) {
      const max = Math.max(1, ...spec.cells.map((c) => c[2]));
      chart.setOption(
        {
          tooltip: { position: 'top', formatter: (p: { data: [number, number, number] }) => `${spec.ys[p.data[1]] ?? ''} · ${spec.xs[p.data[0]] ?? ''}: ${tooltipNumber(p.data[2])}` },
          grid: { left: 8, right: 16, top: 12, bottom: 56, containLabel: true },
          xAxis: { type: 'category', data: spec.xs, splitArea: { show: true }, axisLabel: { ...AXIS_LABEL, formatter: (d: string) => d.slice(5) } },
          yAxis: { type: 'category', data: spec.ys, splitArea: { show: true }, axisLabel: AXIS_LABEL },
          visualMap: { min: 0, max, calculable: true, orient: 'horizontal', left: 'center', bottom: 0, itemHeight: 120, inRange: { color: ['#eef2ff', '#4d70ff', '#1e1b4b'] } },
          series: [{ type: 'heatmap', data: spec.cells, label: { show: spec.cells.length <= 60, formatter: (p: { data: [number, number, number] }) => tooltipNumber(p.data[2]) } }],
        },
        true,
      );
    },
    dispose() {
      host.dispose();
    },
  };
}
