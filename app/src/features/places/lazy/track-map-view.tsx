/**
 * locus/map (Track map): the points of interest of the viewport (asked again after every move, once it settles)
 * and the planned routes with their corridors, each in the colour of its worst vehicle's route-matching verdict (the
 * route legend of console-spec §2); filters by type, legends, and a card for a picked POI or route.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { RouteLegend } from '@/components/map/route-legend';
import { ShapeMap } from '@/components/map/shape-map';
import type { LonLatBox } from '@/components/map/shapes';
import { Switch } from '@/components/ui/fields';
import { SpinnerIcon } from '@/components/ui/icons';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { formatDistance } from '@/lib/geo';
import { usePoisInView } from '../api/get-pois-in-view';
import { useRoutes } from '../api/get-routes';
import { PoiCard } from '../components/poi-card';
import { PoiLegend } from '../components/poi-legend';
import { PoiTypeToggles } from '../components/poi-type-toggles';
import { RouteStateSwatch } from '../components/route-state-swatch';
import { RouteVehicleStates } from '../components/route-vehicle-states';
import { POI_TYPES, poiIdOf, poiShapes, routeIdOf, routeShape } from '../model';
import type { PoiType } from '../types';

const ALL_TYPES: readonly PoiType[] = POI_TYPES.map((p) => p.code);
/** Routes drawn at once: one large page (routes are few per enterprise). */
const ROUTE_LIMIT = 500;

export default function TrackMapView({ route }: MenuViewProps) {
  const { t } = useTranslation('places');
  const { lang } = useApp();
  const [types, setTypes] = useState<PoiType[]>([...ALL_TYPES]);
  const [showRoutes, setShowRoutes] = useState(true);
  const [box, setBox] = useState<LonLatBox | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const pois = usePoisInView(box, types);
  const routes = useRoutes({ page: 1, pageSize: ROUTE_LIMIT });
  const poiRows = useMemo(() => (types.length > 0 ? (pois.data?.list ?? []) : []), [types, pois.data]);
  const routeRows = useMemo(() => (showRoutes ? (routes.data?.list ?? []) : []), [showRoutes, routes.data]);
  const shapes = useMemo(() => [...routeRows.map((r) => routeShape(r)), ...poiShapes(poiRows)], [routeRows, poiRows]);
  const poi = poiRows.find((p) => p.id === poiIdOf(picked));
  const line = routeRows.find((r) => r.id === routeIdOf(picked));
  const failed = pois.isError || routes.isError;

  return (
    <div className="flex h-full min-h-[560px] flex-col">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-3 py-2 md:px-6">
        <h2 className="text-base font-semibold text-slate-900">{menuTitle(route, lang)}</h2>
        <PoiTypeToggles types={ALL_TYPES} value={types} onChange={setTypes} label={t('filters')} testId="track-map-filters" />
        <Switch id="track-map-routes" checked={showRoutes} onChange={setShowRoutes} label={t('legend.routes')} showLabel />
        <span className="ml-auto flex items-center gap-2 text-xs text-slate-500 tabular-nums" role="status" data-testid="track-map-count">
          {pois.isFetching || routes.isFetching ? <SpinnerIcon className="size-3.5 animate-spin" /> : null}
          {failed ? <span className="text-red-700">{t('map.loadFailed')}</span> : t('map.count', { pois: poiRows.length, routes: routeRows.length })}
        </span>
      </div>
      <div className="relative min-h-0 flex-1">
        <ShapeMap
          shapes={shapes}
          selectedId={picked}
          onSelect={setPicked}
          onView={setBox}
          label={t('map.label')}
          loadingText={t('map.loading')}
          errorText={t('map.failed')}
          className="absolute inset-0"
          testId="track-map"
        />
        <div className="pointer-events-none absolute top-3 left-3 z-10 hidden md:block">
          <PoiLegend truncated={pois.data?.truncated ? { shown: pois.data.list.length, total: pois.data.total } : null} className="pointer-events-auto" />
          {showRoutes ? <RouteLegend className="pointer-events-auto mt-2" /> : null}
        </div>
        {poi || line ? (
          <div className="absolute inset-x-3 bottom-3 z-10 md:left-auto md:w-72">
            {poi ? (
              <PoiCard
                poi={poi}
                onClose={() => {
                  setPicked(null);
                }}
              />
            ) : line ? (
              <section className="rounded-xl bg-white p-4 text-sm shadow-lg ring-1 ring-slate-200" data-testid="route-card">
                <h2 className="font-semibold text-slate-900">
                  <RouteStateSwatch route={line} />
                  {line.name}
                </h2>
                <p className="mt-1 text-slate-600">{t('route.cardLine', { length: formatDistance(line.lengthM), corridor: formatDistance(line.corridorM), count: line.nodes.length })}</p>
                <div className="mt-2 text-slate-600">
                  <RouteVehicleStates route={line} />
                </div>
              </section>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
