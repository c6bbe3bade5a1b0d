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
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { useRelationGraph } from '../api/get-relation-graph';
import { RelationStateBadge, useEnumLabels } from '../components/badges';
import { EnterprisePicker } from '../components/enterprise-picker';
import { relationGraph } from '../model';
import type { RelationGraphHandle } from './relation-graph-chart';

export default function RelationGraphView({ route }: MenuViewProps) {
  const { t } = useTranslation('enterprise');
  const { lang } = useApp();
  const labels = useEnumLabels();
  const pickerId = useId();
  const [center, setCenter] = useState<number | null>(null);
  const [all, setAll] = useState(false);
  const graph = useRelationGraph(center);
  const elRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<RelationGraphHandle | null>(null);
  const [chartState, setChartState] = useState<'loading' | 'ready' | 'failed'>('loading');

  const data = graph.data ? relationGraph(graph.data, labels.relationType, all) : null;
  const texts = { typeLabel: labels.relationType, stateLabel: labels.relationState };
  const latest = useRef({ data, texts });

  useEffect(() => {
    latest.current = { data, texts };
  });
  // redraw only when what is drawn changes (a force layout starts again on every update)
  const signature = graph.data ? `${graph.data.entId}:${graph.dataUpdatedAt}:${String(all)}:${lang}` : '';
  useEffect(() => {
    const { data: d, texts: x } = latest.current;
    if (d && signature !== '') handleRef.current?.update(d.nodes, d.links, x);
  }, [signature]);

  const hasGraph = data !== null;
  useEffect(() => {
    const el = elRef.current;
    if (!el || !hasGraph) return;
    let cancelled = false;
    import('./relation-graph-chart')
      .then(({ createRelationGraph }) => {
        if (cancelled) return;
        const handle = createRelationGraph(el, (id) => {
          setCenter(id);
        });
        const { data: d, texts: x } = latest.current;
        if (d) handle.update(d.nodes, d.links, x);
        handleRef.current = handle;
        setChartState('ready');
      })
      .catch(() => {
        if (!cancelled) setChartState('failed');
      });
    return () => {
      cancelled = true;
      handleRef.current?.dispose();
      handleRef.current = null;
    };
  }, [hasGraph]);

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
          <div className="relative h-[26rem] md:h-[32rem]" data-testid="relation-graph" data-chart={chartState}>
            <div ref={elRef} role="img" aria-label={summary} className="absolute inset-0" />
            {chartState === 'loading' ? <LoadingState className="absolute inset-0" /> : null}
            {chartState === 'failed' ? <p className="absolute inset-x-0 top-4 text-center text-sm text-slate-500">{t('graph.chartFailed')}</p> : null}
          </div>
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
