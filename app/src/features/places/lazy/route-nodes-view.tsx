/**
 * locus/routeNodes and locus/nodeList: one route's nodes (the route picked here, or `?id=` from the route list) as an
 * editable ordered list beside the route on the map, where the line can be dragged too. Saving sends the whole route
 * through /route/add with its id.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { Panel, ViewPage } from '@/components/crud/view';
import { ShapeMap } from '@/components/map/shape-map';
import type { MapShape } from '@/components/map/shapes';
import { Button } from '@/components/ui/button';
import { SelectInput } from '@/components/ui/fields';
import { SpinnerIcon } from '@/components/ui/icons';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { formatDistance } from '@/lib/geo';
import { useRoutes } from '../api/get-routes';
import { useSaveRoute } from '../api/save-route';
import { NodeList } from '../components/node-list';
import { nodesLength, nodesOfPath, pathOfNodes } from '../nodes';
import type { RouteNode, RouteRow } from '../types';

/** The routes offered in the picker: one large page (routes are few per enterprise). */
const PICKER_SIZE = 500;

function NodeEditor({ route }: { route: RouteRow }) {
  const { t } = useTranslation('places');
  const save = useSaveRoute();
  const [nodes, setNodes] = useState<RouteNode[]>(route.nodes);
  const [selected, setSelected] = useState<number | null>(null);
  const changed = JSON.stringify(nodes) !== JSON.stringify(route.nodes);
  const marks = useMemo<MapShape[]>(
    () => nodes.map((n, i) => ({ id: `node-${String(i)}`, kind: 'point', lon: n.lon, lat: n.lat, color: n.stop ? '#E5484D' : '#0F766E', symbol: n.stop ? 'square' : 'circle', label: n.name || String(i + 1) })),
    [nodes],
  );
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <Panel
        title={t('nodes.title', { name: route.name })}
        actions={
          <>
            <span className="text-xs text-slate-500" data-testid="node-summary">
              {t('route.nodeSummary', { count: nodes.length, length: formatDistance(nodesLength(nodes)) })}
            </span>
            <Button variant="secondary" size="sm" disabled={!changed || save.isPending} onClick={() => { setNodes(route.nodes); }}>
              {t('nodes.undo')}
            </Button>
            <Button
              variant="accent"
              size="sm"
              disabled={!changed || nodes.length < 2 || save.isPending}
              onClick={() => void save.mutateAsync({ id: route.id, name: route.name, corridorM: route.corridorM, nodes }).catch(() => undefined)}
              data-testid="nodes-save"
            >
              {save.isPending ? <SpinnerIcon className="size-4 animate-spin" /> : null}
              {t('nodes.save')}
            </Button>
          </>
        }
      >
        {nodes.length < 2 ? <p className="px-4 pt-3 text-sm text-amber-700">{t('route.twoNodes')}</p> : null}
        <NodeList nodes={nodes} onChange={setNodes} selected={selected} onSelect={setSelected} />
      </Panel>
      <div className="relative h-80 overflow-hidden rounded-xl ring-1 ring-slate-200 xl:sticky xl:top-4 xl:h-[560px]">
        <ShapeMap
          shapes={marks}
          draft={nodes.length >= 2 ? { kind: 'line', path: pathOfNodes(nodes) } : null}
          onDrawn={(shape) => {
            if (shape.kind === 'line') setNodes(nodesOfPath(shape.path, nodes));
          }}
          selectedId={selected === null ? null : `node-${String(selected)}`}
          onSelect={(id) => {
            const m = id ? /^node-(\d+)$/.exec(id) : null;
            setSelected(m?.[1] ? Number(m[1]) : null);
          }}
          fitKey={route.id}
          label={t('map.label')}
          loadingText={t('map.loading')}
          errorText={t('map.failed')}
          className="absolute inset-0"
          testId="nodes-map"
        />
      </div>
    </div>
  );
}

export default function RouteNodesView({ route }: MenuViewProps) {
  const { t } = useTranslation('places');
  const { lang } = useApp();
  const [params, setParams] = useSearchParams();
  const routes = useRoutes({ page: 1, pageSize: PICKER_SIZE });
  const list = routes.data?.list ?? [];
  const wanted = Number(params.get('id'));
  const current = list.find((r) => r.id === wanted) ?? (params.get('id') ? undefined : list[0]);
  return (
    <ViewPage
      title={menuTitle(route, lang)}
      actions={
        <SelectInput
          aria-label={t('nodes.pickRoute')}
          className="w-56"
          value={current ? String(current.id) : ''}
          onChange={(e) => {
            setParams({ id: e.target.value }, { replace: true });
          }}
          data-testid="nodes-route"
        >
          {current ? null : <option value="">{t('nodes.pickRoute')}</option>}
          {list.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </SelectInput>
      }
    >
      {routes.isPending ? <LoadingState /> : null}
      {routes.isError ? <ErrorState message={t('route.loadFailed')} onRetry={() => void routes.refetch()} /> : null}
      {routes.isSuccess && list.length === 0 ? <EmptyState title={t('route.none')} /> : null}
      {routes.isSuccess && list.length > 0 && !current ? <EmptyState title={t('nodes.notFound')} /> : null}
      {/* a saved route comes back as a new row: the editor starts again from it */}
      {current ? <NodeEditor key={`${String(current.id)}:${JSON.stringify(current.nodes)}`} route={current} /> : null}
    </ViewPage>
  );
}
