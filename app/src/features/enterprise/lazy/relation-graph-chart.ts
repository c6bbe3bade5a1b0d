/**
 * ECharts `graph` series of enterprises and their relations. Browser only: loaded with import() from the relation
 * graph view, so ECharts is a lazy chunk. Only the pieces used are registered (graph + tooltip + legend + canvas).
 */
import { GraphChart } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerEcharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

import type { GraphLink, GraphNode } from '../model';

registerEcharts([GraphChart, TooltipComponent, LegendComponent, CanvasRenderer]);

/** One colour per relation type 0–4. */
const TYPE_COLORS = ['#94a3b8', '#4d70ff', '#f59e0b', '#10b981', '#8b5cf6'];

export interface GraphTexts {
  typeLabel: (type: number) => string;
  stateLabel: (state: number) => string;
}

export interface RelationGraphHandle {
  update(nodes: readonly GraphNode[], links: readonly GraphLink[], texts: GraphTexts): void;
  dispose(): void;
}

export function createRelationGraph(el: HTMLElement, onNode: (id: number) => void): RelationGraphHandle {
  const chart = init(el, null, { renderer: 'canvas' });
  const resize = new ResizeObserver(() => {
    // a box of no size (the view is being left, the element already detached) would give the roaming graph a
    // transform that cannot be inverted, which ECharts throws on
    if (!chart.isDisposed() && el.clientWidth > 0 && el.clientHeight > 0) chart.resize();
  });
  resize.observe(el);
  chart.on('click', (params) => {
    if (params.dataType === 'node' && typeof params.data === 'object' && params.data !== null && 'id' in params.data) {
      onNode(Number((params.data as { id: string }).id));
    }
  });
  return {
    update(nodes, links, texts) {
      const types = [...new Set(links.map((l) => l.type))].sort((a, b) => a - b);
      chart.setOption(
        {
          animationDurationUpdate: 400,
          tooltip: {
            trigger: 'item',
            formatter: (p: { dataType?: string; data?: unknown; name?: string }) => {
              if (p.dataType === 'edge') {
                const l = p.data as GraphLink & { sourceName: string; targetName: string };
                return `${l.sourceName} → ${l.targetName}<br/>${texts.typeLabel(l.type)} · ${texts.stateLabel(l.state)}`;
              }
              return p.name ?? '';
            },
          },
          legend: [{ bottom: 0, data: types.map((ty) => texts.typeLabel(ty)), textStyle: { color: '#475569' } }],
          series: [
            {
              type: 'graph',
              layout: 'force',
              roam: true,
              draggable: true,
              // Laid out at once, not animated: an enterprise has few relations, and no layout timer is
              // left running when the data changes or the chart goes away.
              force: { repulsion: 420, edgeLength: [150, 230], gravity: 0.06, layoutAnimation: false },
              categories: types.map((ty) => ({ name: texts.typeLabel(ty), itemStyle: { color: TYPE_COLORS[ty] ?? '#64748b' } })),
              label: { show: true, position: 'bottom', color: '#0f172a', fontSize: 12 },
              edgeSymbol: ['none', 'arrow'],
              edgeSymbolSize: 8,
              emphasis: { focus: 'adjacency', lineStyle: { width: 3 } },
              data: nodes.map((n) => ({
                id: n.id,
                name: n.name,
                symbolSize: n.center ? 46 : 30,
                itemStyle: { color: n.center ? '#4d70ff' : '#cbd5e1', borderColor: '#fff', borderWidth: 2 },
                label: { fontWeight: n.center ? 'bold' : 'normal' },
              })),
              links: links.map((l) => ({
                ...l,
                sourceName: nodes.find((n) => n.id === l.source)?.name ?? l.source,
                targetName: nodes.find((n) => n.id === l.target)?.name ?? l.target,
                category: types.indexOf(l.type),
                lineStyle: { color: TYPE_COLORS[l.type] ?? '#64748b', width: 2, type: l.state === 1 ? 'solid' : 'dashed', curveness: 0.12 },
                label: { show: true, formatter: texts.typeLabel(l.type), fontSize: 11, color: '#475569' },
              })),
            },
          ],
        },
        { notMerge: true },
      );
    },
    dispose() {
      resize.disconnect();
      chart.dispose();
    },
  };
}
