/** /map: the live map of console-spec §2 with the all / alarm / offline / driving filters. */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PointMap } from '../../../components/map/point-map';
import type { MapPoint } from '../../../components/map/types';
import { cx } from '../../../components/ui/cx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons';
import { SAMPLE_CENTER, SAMPLE_VEHICLES, SAMPLE_ZOOM } from '../sample-vehicles';
import { countByFilter, countByState, filterVehicles, STATE_COLORS, vehicleState, type VehicleFilter } from '../vehicles';
import { FilterChips } from './filter-chips';
import { StatusChart } from './status-chart';
import { VehicleList } from './vehicle-list';

export function MapPage() {
  const { t } = useTranslation('map');
  const vehicles = SAMPLE_VEHICLES;
  const [filter, setFilter] = useState<VehicleFilter>('all');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [panelOpen, setPanelOpen] = useState(true);

  const visible = useMemo(() => filterVehicles(vehicles, filter), [vehicles, filter]);
  const filterCounts = useMemo(() => countByFilter(vehicles), [vehicles]);
  const stateCounts = useMemo(() => countByState(vehicles), [vehicles]);
  const points = useMemo<MapPoint[]>(
    () => visible.map((v) => ({ id: v.id, lon: v.lon, lat: v.lat, color: STATE_COLORS[vehicleState(v)], label: v.plate })),
    [visible],
  );
  const selected = selectedId !== null && visible.some((v) => v.id === selectedId) ? selectedId : null;

  return (
    <div className="flex min-h-full flex-col md:h-full md:flex-row">
      <section className="relative h-[58vh] shrink-0 md:h-auto md:min-w-0 md:flex-1" aria-label={t('heading')}>
        <PointMap
          className="absolute inset-0"
          points={points}
          center={SAMPLE_CENTER}
          zoom={SAMPLE_ZOOM}
          selectedId={selected}
          onSelect={setSelectedId}
          label={t('mapLabel')}
          loadingText={t('loading')}
          errorText={t('unavailable')}
        />
        <div className="pointer-events-none absolute inset-x-3 top-3 flex flex-col items-start gap-2 md:right-16">
          <div className="pointer-events-auto">
            <FilterChips
              value={filter}
              counts={filterCounts}
              onChange={(f) => {
                setFilter(f);
              }}
            />
          </div>
          <p className="pointer-events-auto flex max-w-md items-start gap-2 rounded-lg bg-white/90 px-3 py-2 text-xs text-slate-600 shadow-sm ring-1 ring-slate-200">
            <span className="shrink-0 rounded bg-amber-100 px-1.5 py-0.5 font-semibold text-amber-800">{t('demoBadge')}</span>
            <span>{t('demoNote')}</span>
          </p>
        </div>
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
      <aside
        id="vehicle-panel"
        className={cx(
          'flex flex-col border-slate-200 bg-white md:w-80 md:shrink-0 md:border-l',
          !panelOpen && 'md:hidden',
        )}
      >
        <StatusChart counts={stateCounts} />
        <div className="flex items-center justify-between border-y border-slate-100 px-4 py-2.5">
          <h2 className="text-sm font-semibold text-slate-900">{t('list.title')}</h2>
          <span className="text-xs text-slate-500 tabular-nums">
            {visible.length} / {vehicles.length}
          </span>
        </div>
        <div className="min-h-0 flex-1 md:overflow-y-auto">
          <VehicleList vehicles={visible} selectedId={selected} onSelect={setSelectedId} />
        </div>
      </aside>
    </div>
  );
}
