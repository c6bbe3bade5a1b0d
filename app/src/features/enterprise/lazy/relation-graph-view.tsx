/**
 * superAdmin/relationGraph: one enterprise (default: the acting one) and its relations as an ECharts force graph
 * (loaded lazily, after the page is up). Clicking an enterprise centres the graph on it. The same relations are
 * listed below the chart for keyboards and screen readers.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Panel, ViewPage } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/fields';
import { ArrowRightIcon } from '@/components/ui/icons';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { useLazyWidget } from '@/lib/use-lazy-widget';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { useRelationGraph } from '../api/get-relation-graph';
import { RelationStateBadge, useEnumLabels } from '../components/badges';
import { EnterprisePicker } from '../components/enterprise-picker';
import { relationGraph } from '../model';
import type { GraphTexts } from './relation-graph-chart';

export default function RelationGraphView({ route }: MenuViewProps) {
  const { t } = useTranslation('enterprise');
  const { lang } = useApp();
  const labels = useEnumLabels();
  const pickerId = useId();
  const [center, setCenter] = useState<number | null>(null);
  const [all, setAll] = useState(false);
  const graph = useRelationGraph(center);

  const data = graph.data ? relationGraph(graph.data, labels.relationType, all) : null;
  // redraw only when what is drawn changes (a force layout starts again on every update)
  const signature = graph.data ? `${graph.data.entId}:${graph.dataUpdatedAt}:${String(all)}:${lang}` : '';

  const relations = (graph.data?.relations ?? []).filter((r) => all || (r.state !== 2 && r.state !== 3));
  const summary = t('graph.summary', { name: graph.data?.entName ?? '', count: relations.length });

  return (
    <ViewPage title={menuTitle(route, lang)} description={t('graph.description')}>
      <Panel className="p-4">
        <div className="flex flex-wrap items-end gap-4">
          <div className="w-full max-w-xl">
            <label htmlFor={pickerId} className="mb-1 block text-xs font-medium text-slate-600">
              {t('graph.center')}
            </label>
            <EnterprisePicker
              id={pickerId}
              value={center ?? ''}
              invalid={false}
              onChange={(v) => {
                setCenter(typeof v === 'number' ? v : null);
              }}
            />
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <Checkbox
              checked={all}
              onChange={(e) => {
                setAll(e.target.checked);
              }}
            />
            {t('graph.showEnded')}
          </label>
          {center !== null ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setCenter(null);
              }}
            >
              {t('graph.backToOwn')}
            </Button>
          ) : null}
        </div>
      </Panel>
      <Panel title={graph.data?.entName ?? t('graph.title')}>
        {graph.isError ? (
          <ErrorState onRetry={() => void graph.refetch()} />
        ) : !data ? (
          <LoadingState />
        ) : (
          <GraphChart
            graph={data}
            signature={signature}
            texts={{ typeLabel: labels.relationType, stateLabel: labels.relationState }}
            summary={summary}
            onCenter={setCenter}
          />
        )}
      </Panel>
      <Panel title={t('graph.list')}>
        {relations.length === 0 ? (
          <EmptyState title={graph.isPending ? undefined : t('relation.empty')} />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label={t('graph.list')} data-testid="relation-graph-list">
            {relations.map((r) => (
              <li key={r.ID} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5 text-sm">
                <button
                  type="button"
                  className="text-accent font-medium hover:underline"
                  onClick={() => {
                    setCenter(r.entId);
                  }}
                >
                  {r.entName}
                </button>
                <ArrowRightIcon className="size-4 text-slate-400" title={t('relation.sharesWith')} />
                <button
                  type="button"
                  className="text-accent font-medium hover:underline"
                  onClick={() => {
                    setCenter(r.relatedEntId);
                  }}
                >
                  {r.relatedEntName}
                </button>
                <span className="text-slate-600">{labels.relationType(r.type)}</span>
                <RelationStateBadge state={r.state} />
                <span className="text-xs text-slate-500">{t('relation.vehicleCount', { count: r.vehicleCount })}</span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </ViewPage>
  );
}

type Graph = ReturnType<typeof relationGraph>;

/** The force graph's box: mounted once there is a graph, the chart built in it after mount. */
function GraphChart({
  graph,
  signature,
  texts,
  summary,
  onCenter,
}: {
  graph: Graph;
  /** Changes when what is drawn changes. */
  signature: string;
  texts: GraphTexts;
  summary: string;
  onCenter: (entId: number) => void;
}) {
  const { t } = useTranslation('enterprise');
  const latest = useRef({ graph, texts, onCenter });
  useEffect(() => {
    latest.current = { graph, texts, onCenter };
  });
  const { ref, handle, status } = useLazyWidget(async (el) => {
    const { createRelationGraph } = await import('./relation-graph-chart');
    const made = createRelationGraph(el, (id) => {
      latest.current.onCenter(id);
    });
    made.update(latest.current.graph.nodes, latest.current.graph.links, latest.current.texts);
    return made;
  });
  useEffect(() => {
    const { graph: g, texts: x } = latest.current;
    handle.current?.update(g.nodes, g.links, x);
  }, [handle, signature]);

  return (
    <div className="relative h-[26rem] md:h-[32rem]" data-testid="relation-graph" data-chart={status}>
      <div ref={ref} role="img" aria-label={summary} className="absolute inset-0" />
      {status === 'loading' ? <LoadingState className="absolute inset-0" /> : null}
      {status === 'error' ? <p className="absolute inset-x-0 top-4 text-center text-sm text-slate-500">{t('graph.chartFailed')}</p> : null}
    </div>
  );
}
