/**
 * The cartesian family of dashboard charts: line, bar (stacked when asked), waterfall (running total), scatter (two
 * measures) and bar race (a ranking replayed day by day). Browser only: loaded with import(), registering only the
 * pieces used.
 */
import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { use as registerEcharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

import type { CartesianSpec } from '../model';
import { AXIS_LABEL, hostChart, PALETTE, tooltipNumber } from './chart-host';

registerEcharts([LineChart, BarChart, ScatterChart, GridComponent, TooltipComponent, LegendComponent, TitleComponent, CanvasRenderer]);

export interface CartesianTexts {
  /** The waterfall's last bar. */
  total: string;
}

export interface CartesianHandle {
  update(spec: CartesianSpec, texts: CartesianTexts): void;
  dispose(): void;
}

/** Milliseconds a bar race shows each day. */
const RACE_STEP_MS = 600;

export function createCartesianChart(el: HTMLElement): CartesianHandle {
  let raceTimer: ReturnType<typeof setTimeout> | null = null;
  const stopRace = () => {
    if (raceTimer !== null) clearTimeout(raceTimer);
    raceTimer = null;
  };
  const host = hostChart(el, stopRace);
  const { chart } = host;
  return {
    update(spec, texts) {
      stopRace();
      if (spec.variant === 'scatter') {
        chart.setOption(
          {
            color: PALETTE,
            tooltip: { trigger: 'item', formatter: (p: { data: [number, number, string] }) => `${p.data[2]}<br/>${spec.xName}: ${tooltipNumber(p.data[0])}<br/>${spec.yName}: ${tooltipNumber(p.data[1])}` },
            grid: { left: 48, right: 24, top: 24, bottom: 40, containLabel: true },
            xAxis: { type: 'value', name: spec.xName, nameLocation: 'middle', nameGap: 28, axisLabel: AXIS_LABEL, scale: true },
            yAxis: { type: 'value', name: spec.yName, axisLabel: AXIS_LABEL, scale: true },
            series: [{ type: 'scatter', symbolSize: 12, data: spec.points.map((p) => [p.x, p.y, p.name]) }],
          },
          true,
        );
        return;
      }
      if (spec.variant === 'barRace') {
        const show = (i: number) => {
          const frame = spec.frames[i];
          if (!frame) return;
          chart.setOption({
            title: { text: frame.label, right: 8, bottom: 8, textStyle: { color: '#94a3b8', fontSize: 14 } },
            series: [{ type: 'bar', realtimeSort: true, data: frame.bars.map((b) => b.value), label: { show: true, position: 'right', valueAnimation: true, formatter: (p: { value: number }) => tooltipNumber(p.value) } }],
            yAxis: { type: 'category', data: frame.bars.map((b) => b.name), inverse: true, axisLabel: AXIS_LABEL, animationDuration: 300, animationDurationUpdate: 300 },
          });
          if (i + 1 < spec.frames.length) raceTimer = setTimeout(() => { show(i + 1); }, RACE_STEP_MS);
        };
        chart.setOption(
          {
            color: PALETTE,
            tooltip: { trigger: 'axis', valueFormatter: tooltipNumber },
            grid: { left: 8, right: 48, top: 16, bottom: 32, containLabel: true },
            xAxis: { type: 'value', max: 'dataMax', axisLabel: AXIS_LABEL },
            yAxis: { type: 'category', data: [], inverse: true },
            series: [{ type: 'bar', data: [] }],
            animationDuration: 0,
            animationDurationUpdate: RACE_STEP_MS,
            animationEasing: 'linear',
            animationEasingUpdate: 'linear',
          },
          true,
        );
        show(0);
        return;
      }
      if (spec.variant === 'waterfall') {
        const values = spec.series[0]?.values.map((v) => v ?? 0) ?? [];
        const bases: number[] = [];
        let running = 0;
        for (const v of values) {
          bases.push(running);
          running += v;
        }
        chart.setOption(
          {
            color: PALETTE,
            tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, formatter: (ps: { name: string; value: number; seriesIndex: number }[]) => ps.filter((p) => p.seriesIndex === 1).map((p) => `${p.name}: ${tooltipNumber(p.value)}`).join('') },
            grid: { left: 8, right: 16, top: 16, bottom: 24, containLabel: true },
            xAxis: { type: 'category', data: [...spec.categories, texts.total], axisLabel: AXIS_LABEL },
            yAxis: { type: 'value', axisLabel: AXIS_LABEL },
            series: [
              { type: 'bar', stack: 'fall', silent: true, itemStyle: { color: 'transparent' }, data: [...bases, 0] },
              {
                type: 'bar',
                stack: 'fall',
                name: spec.series[0]?.name ?? '',
                data: [...values, { value: running, itemStyle: { color: '#10b981' } }],
                label: { show: values.length <= 14, position: 'top', formatter: (p: { value: number }) => tooltipNumber(p.value), color: '#475569' },
              },
            ],
          },
          true,
        );
        return;
      }
      const many = spec.series.length > 1;
      chart.setOption(
        {
          color: PALETTE,
          tooltip: { trigger: 'axis', valueFormatter: tooltipNumber },
          legend: many ? { bottom: 0, textStyle: { color: '#475569' } } : undefined,
          grid: { left: 8, right: 16, top: 16, bottom: many ? 36 : 16, containLabel: true },
          xAxis: { type: 'category', data: spec.categories, axisLabel: AXIS_LABEL },
          yAxis: { type: 'value', axisLabel: AXIS_LABEL },
          series: spec.series.map((s) => ({
            type: s.type ?? (spec.variant === 'line' ? 'line' : 'bar'),
            name: s.name,
            stack: s.stack,
            data: s.values,
            barMaxWidth: 24,
            itemStyle: s.color ? { color: s.color } : undefined,
            connectNulls: false,
          })),
        },
        true,
      );
    },
    dispose() {
      host.dispose();
    },
  };
}
