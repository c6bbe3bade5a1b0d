/**
 * One ECharts gauge (mapComponents/gaugeChart): a reading on a dial whose rim is coloured by the enterprise's
 * threshold bands. Browser only: loaded with import() from <Gauge>. Only the pieces used are registered.
 */
import { GaugeChart } from 'echarts/charts';
import { init, use as registerEcharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

registerEcharts([GaugeChart, CanvasRenderer]);

export interface GaugeBand {
  /** Upper end of the band, in the dial's unit. */
  to: number;
  color: string;
}

export interface GaugeSpec {
  value: number | null;
  min: number;
  max: number;
  /** Ascending; the last one should reach `max`. */
  bands: readonly GaugeBand[];
  unit: string;
}

export interface GaugeHandle {
  update(spec: GaugeSpec): void;
  dispose(): void;
}

export function createGauge(el: HTMLElement): GaugeHandle {
  const chart = init(el, null, { renderer: 'canvas' });
  const resize = new ResizeObserver(() => {
    chart.resize();
  });
  resize.observe(el);
  return {
    update({ value, min, max, bands, unit }) {
      const span = max - min || 1;
      const stops = bands.map((b) => [Math.min(1, Math.max(0, (b.to - min) / span)), b.color] as [number, string]);
      chart.setOption({
        animationDuration: 400,
        series: [
          {
            type: 'gauge',
            min,
            max,
            radius: '92%',
            center: ['50%', '60%'],
            startAngle: 210,
            endAngle: -30,
            splitNumber: 4,
            axisLine: { lineStyle: { width: 10, color: stops } },
            pointer: { show: value !== null, width: 4, length: '62%', itemStyle: { color: '#334155' } },
            anchor: { show: value !== null, size: 8, itemStyle: { color: '#334155' } },
            axisTick: { distance: -10, length: 4, lineStyle: { color: '#fff', width: 1 } },
            splitLine: { distance: -10, length: 10, lineStyle: { color: '#fff', width: 2 } },
            axisLabel: { distance: 12, color: '#64748b', fontSize: 9, formatter: (v: number) => String(Math.round(v)) },
            // the value is written under the dial as text (components/gauge.tsx)
            detail: { show: false },
            title: { offsetCenter: [0, '30%'], fontSize: 10, color: '#64748b' },
            data: [{ value: value ?? min, name: unit }],
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
