import { useTranslation } from 'react-i18next';

import { cx } from '@/components/ui/cx';
import type { FleetVehicle } from '@/features/vehicles';
import { alarmKindKey } from '@/features/live';
import { markerState, STATE_COLORS } from '../fleet-view';

/** The list beside the map shows this many rows (the map shows them all). */
export const LIST_LIMIT = 200;

interface VehicleListProps {
  vehicles: readonly FleetVehicle[];
  selectedId: number | null;
  onSelect: (carId: number) => void;
}

export function VehicleList({ vehicles, selectedId, onSelect }: VehicleListProps) {
  const { t } = useTranslation('map');
  if (vehicles.length === 0) {
    return <p className="px-4 py-8 text-center text-sm text-slate-500">{t('list.empty')}</p>;
  }
  const shown = vehicles.slice(0, LIST_LIMIT);
  return (
    <>
      <ul className="divide-y divide-slate-100" data-testid="vehicle-list">
        {shown.map((v) => {
          const state = markerState(v);
          const selected = v.carId === selectedId;
          const speed = v.gps?.speed ?? 0;
          return (
            <li key={v.carId}>
              <button
                type="button"
                aria-pressed={selected}
                aria-label={t('list.showOnMap', { plate: v.plate })}
                onClick={() => {
                  onSelect(v.carId);
                }}
                className={cx('flex w-full items-start gap-3 px-4 py-3 text-left transition-colors', selected ? 'bg-accent/10' : 'hover:bg-slate-50')}
              >
                <span aria-hidden="true" className="mt-1.5 size-2.5 shrink-0 rounded-full" style={{ backgroundColor: STATE_COLORS[state] }} />
                <span className="min-w-0 flex-1">
                  <span className="flex items-center justify-between gap-2">
                    <span className="truncate text-sm font-semibold text-slate-900">{v.plate}</span>
                    <span className="shrink-0 text-xs font-medium" style={{ color: STATE_COLORS[state] }} data-state={state}>
                      {t(`state.${state}`)}
                    </span>
                  </span>
                  <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-slate-500">
                    {v.isAlarm ? <span className="font-medium text-red-600">{t(`alarmKind.${alarmKindKey(v.alarmType)}`)}</span> : null}
                    {state === 'driving' ? <span>{t('list.speed', { speed })}</span> : null}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {vehicles.length > shown.length ? (
        <p className="px-4 py-3 text-center text-xs text-slate-500">{t('list.more', { shown: shown.length, total: vehicles.length })}</p>
      ) : null}
    </>
  );
}
