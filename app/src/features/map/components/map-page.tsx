/**
 * /map (console-spec §2): the live fleet for a signed-in user (watchList4 + statistics, kept live by the websocket),
 * the labelled sample fleet for visitors; filters with counts, POI toggles, tools, the route legend, the vehicle
 * panel, live alarms and the vehicle list. Signed in, also the open work orders as a layer (with the picked one's
 * card), the points of interest of the viewport by type (with the picked one's card) and the exports of orders and
 * after-service records. Phones keep the controls in a sheet (MapControls).
 */
import { useMemo, useState } from 'react';

import type { LonLatBox } from '@/components/map/shapes';
import { useTranslation } from 'react-i18next';

import { RouteLegend } from '@/components/map/route-legend';
import { cx } from '@/components/ui/cx';
import { TextInput } from '@/components/ui/fields';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { ErrorState } from '@/components/ui/states';
import { useSession } from '@/lib/console/session-context';
import { useLiveFleet } from '@/features/live';
import { useStatistics } from '@/features/vehicles';
import { PoiCard, PoiLegend, poiIdOf, poiShapes, usePoisInView } from '@/features/places';
import { OrderMapCard, useOrdersOnMap } from '@/features/work';
import { alarmsFirst, countByFilter, countByState, matchesFilter, matchesQuery, type MapFilter } from '../fleet-view';
import type { MapTool } from '../map-types';
import { toOrderMarkers, useOrderLayerChoice } from '../order-layer';
import { usePoiLayerChoice } from '../poi-layer';
import { SAMPLE_CENTER, SAMPLE_FLEET, SAMPLE_ZOOM } from '../sample-fleet';
import { useTileChoice } from '@/components/map/use-tile-choice';
import { AlarmList } from './alarm-list';
import { FilterChips } from './filter-chips';
import { FleetMap } from './fleet-map';
import { LiveBadge } from './live-badge';
import { MapControls } from './map-controls';
import { MapExportMenu } from './map-export-menu';
import { MapTools, MeasureResult } from './map-tools';
import { OrderLayerToggle } from './order-layer-toggle';
import { OrderLegend } from './order-legend';
import { PoiFilters } from './poi-filters';
import { StatusChart } from './status-chart';
import { VehicleList } from './vehicle-list';
import { VehiclePanel } from './vehicle-panel';

export function MapPage() {
  const { t } = useTranslation('map');
  const session = useSession();
  const live = session.hasToken && !session.visitor;
  const fleet = useLiveFleet(live, session.token);
  const statistics = useStatistics(undefined, live);
  const [tiles, setTiles] = useTileChoice();
  const [filter, setFilter] = useState<MapFilter>('all');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [follow, setFollow] = useState(false);
  const [tool, setTool] = useState<MapTool>('none');
  const [metres, setMetres] = useState<number | null>(null);
  const [clearKey, setClearKey] = useState(0);
  const [panelOpen, setPanelOpen] = useState(true);
  const [controlsOpen, setControlsOpen] = useState(false);
  const [showOrders, setShowOrders] = useOrderLayerChoice();
  const ordersOn = live && showOrders;
  const orderLayer = useOrdersOnMap(ordersOn);
  const [selectedOrderId, setSelectedOrderId] = useState<number | null>(null);
  const [poiTypes, setPoiTypes] = usePoiLayerChoice();
  const poisOn = live && poiTypes.length > 0;
  const [viewport, setViewport] = useState<LonLatBox | null>(null);
  const poiLayer = usePoisInView(poisOn ? viewport : null, poiTypes);
  const [selectedPoi, setSelectedPoi] = useState<string | null>(null);

  const vehicles = live ? fleet.snapshot.vehicles : SAMPLE_FLEET;
  const [query, setQuery] = useState('');
  const visible = useMemo(() => vehicles.filter((v) => matchesFilter(v, filter) && matchesQuery(v, query)), [vehicles, filter, query]);
  const listed = useMemo(() => alarmsFirst(visible), [visible]);
  const filterCounts = useMemo(() => countByFilter(vehicles), [vehicles]);
  const stateCounts = useMemo(() => {
    const s = statistics.data;
    return live && s ? { closed: s.closed, offline: s.offline, alarm: s.alarm, driving: s.driving, parked: s.parked } : countByState(vehicles);
  }, [live, statistics.data, vehicles]);
  const selected = selectedId === null ? undefined : vehicles.find((v) => v.carId === selectedId);
  const changedVersion = selectedId !== null && fleet.snapshot.changed.has(selectedId) ? fleet.snapshot.version : 0;
  const orderMarkers = useMemo(() => (ordersOn ? toOrderMarkers(orderLayer.orders) : null), [ordersOn, orderLayer.orders]);
  const selectedOrder = ordersOn && selectedOrderId !== null ? orderLayer.orders.find((o) => o.id === selectedOrderId) : undefined;
  const poiRows = useMemo(() => (poisOn ? (poiLayer.data?.list ?? []) : []), [poisOn, poiLayer.data]);
  const poiMarks = useMemo(() => (poisOn ? poiShapes(poiRows) : null), [poisOn, poiRows]);
  const pickedPoi = selectedOrder ? undefined : poiRows.find((p) => p.id === poiIdOf(selectedPoi));

  const select = (id: number | null) => {
    setSelectedId(id);
    if (id === null) setFollow(false);
  };

  return (
    <div className="flex min-h-full flex-col md:h-full md:flex-row">
      {/* never zero-high while still shown (a navigation away can squeeze it first): OpenLayers warns of a 0 px map */}
      <section className="relative h-[58vh] shrink-0 md:h-auto md:min-h-80 md:min-w-0 md:flex-1" aria-label={t('heading')}>
        <FleetMap
          vehicles={visible}
          center={SAMPLE_CENTER}
          zoom={SAMPLE_ZOOM}
          tiles={tiles}
          selectedId={selected ? selected.carId : null}
          orders={orderMarkers}
          selectedOrderId={selectedOrder ? selectedOrder.id : null}
          pois={poiMarks}
          selectedPoiId={pickedPoi ? selectedPoi : null}
          follow={follow}
          tool={tool}
          clearKey={clearKey}
          onSelect={select}
          onSelectOrder={(id) => {
            setSelectedOrderId(id);
            setSelectedPoi(null);
          }}
          onSelectPoi={(id) => {
            setSelectedPoi(id);
            setSelectedOrderId(null);
          }}
          onView={setViewport}
          onMeasure={setMetres}
        />
        <MapControls
          open={controlsOpen}
          onOpenChange={setControlsOpen}
          summary={
            <>
              {t(`filters.${filter}`)}
              <span className="rounded-full bg-slate-100 px-1.5 text-xs text-slate-500 tabular-nums">{filterCounts[filter]}</span>
            </>
          }
          filters={<FilterChips value={filter} counts={filterCounts} onChange={setFilter} />}
          status={live ? <LiveBadge status={fleet.status} /> : null}
          poi={
            <PoiFilters
              enabled={live}
              value={poiTypes}
              onChange={(types) => {
                setPoiTypes(types);
                if (types.length === 0) setSelectedPoi(null);
              }}
              layer={poisOn ? { shown: poiRows.length, total: poiLayer.data?.total ?? 0, loading: poiLayer.isPending, failed: poiLayer.isError } : null}
            />
          }
          tools={
            <MapTools
              tool={tool}
              onTool={(next) => {
                setTool(next);
                // a phone draws on the map: the sheet makes way
                if (next !== 'none') setControlsOpen(false);
              }}
              onClear={() => {
                setClearKey((k) => k + 1);
                setMetres(null);
              }}
              tiles={tiles}
              onTiles={setTiles}
            />
          }
          layers={
            live ? (
              <>
                <OrderLayerToggle
                  on={showOrders}
                  onChange={(on) => {
                    setShowOrders(on);
                    if (!on) setSelectedOrderId(null);
                  }}
                  layer={orderLayer}
                />
                <MapExportMenu />
              </>
            ) : null
          }
          measure={metres !== null ? <MeasureResult metres={metres} /> : null}
          legend={
            <>
              <RouteLegend />
              {ordersOn ? <OrderLegend shown={orderLayer.orders.length} total={orderLayer.total} totalCapped={orderLayer.totalCapped} /> : null}
              {poisOn ? <PoiLegend types={poiTypes} truncated={poiLayer.data?.truncated ? { shown: poiRows.length, total: poiLayer.data.total } : null} className="mt-2" /> : null}
            </>
          }
          note={
            live ? null : (
              <p className="flex items-start gap-2 rounded-lg bg-white/90 px-3 py-2 text-xs text-slate-600 shadow-sm ring-1 ring-slate-200">
                <span className="shrink-0 rounded bg-amber-100 px-1.5 py-0.5 font-semibold text-amber-800">{t('demoBadge')}</span>
                <span>{t('demoNote')}</span>
              </p>
            )
          }
        />
        {selectedOrder || pickedPoi ? (
          <div className="absolute inset-x-3 bottom-3 z-10 md:left-auto md:w-80 md:bottom-8">
            {selectedOrder ? (
              <OrderMapCard
                key={selectedOrder.id}
                order={selectedOrder}
                onClose={() => {
                  setSelectedOrderId(null);
                }}
              />
            ) : pickedPoi ? (
              <PoiCard
                key={pickedPoi.id}
                poi={pickedPoi}
                onClose={() => {
                  setSelectedPoi(null);
                }}
              />
            ) : null}
          </div>
        ) : null}
        <button
          type="button"
          onClick={() => {
            setPanelOpen((o) => !o);
          }}
          aria-expanded={panelOpen}
          aria-controls="vehicle-panel"
          aria-label={panelOpen ? t('panel.hide') : t('panel.show')}
          title={panelOpen ? t('panel.hide') : t('panel.show')}
          className="absolute top-1/2 right-0 hidden h-12 w-5 -translate-y-1/2 items-center justify-center rounded-l-md bg-white text-slate-500 shadow ring-1 ring-slate-200 hover:text-slate-900 md:flex"
        >
          {panelOpen ? <ChevronRightIcon className="size-4" /> : <ChevronLeftIcon className="size-4" />}
        </button>
      </section>
      <aside id="vehicle-panel" className={cx('flex flex-col border-slate-200 bg-white md:w-80 md:shrink-0 md:border-l', !panelOpen && 'md:hidden')}>
        <div className="min-h-0 flex-1 md:overflow-y-auto">
          {selected ? (
            <VehiclePanel
              key={selected.carId}
              vehicle={selected}
              live={live}
              changedVersion={changedVersion}
              follow={follow}
              onFollow={setFollow}
              onClose={() => {
                select(null);
              }}
            />
          ) : null}
          <StatusChart counts={stateCounts} />
          {live ? <AlarmList alarms={fleet.alarms} onSelect={select} /> : null}
          <div className="flex items-center justify-between gap-3 border-y border-slate-100 px-4 py-2.5">
            <h2 className="shrink-0 text-sm font-semibold text-slate-900">{t('list.title')}</h2>
            <TextInput
              type="search"
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
              }}
              placeholder={t('list.search')}
              aria-label={t('list.search')}
              className="h-8 min-w-0 flex-1 text-sm"
              data-testid="vehicle-search"
            />
            <span className="shrink-0 text-xs text-slate-500 tabular-nums" data-testid="vehicle-count">
              {visible.length} / {vehicles.length}
            </span>
          </div>
          {live && fleet.watch.isError ? <ErrorState message={t('fleetFailed')} onRetry={() => void fleet.watch.refetch()} /> : null}
          {live && fleet.watch.isPending ? <p className="px-4 py-6 text-center text-sm text-slate-500">{t('fleetLoading')}</p> : null}
          {!live || fleet.watch.isSuccess ? <VehicleList vehicles={listed} selectedId={selected ? selected.carId : null} onSelect={select} /> : null}
        </div>
      </aside>
    </div>
  );
}
