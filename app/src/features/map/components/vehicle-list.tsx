import { useTranslation } from 'react-i18next';

import { cx } from '../../../components/ui/cx';
import { STATE_COLORS, vehicleState, type Vehicle } from '../vehicles';

interface VehicleListProps {
  vehicles: readonly Vehicle[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

export function VehicleList({ vehicles, selectedId, onSelect }: VehicleListProps) {
  const { t } = useTranslation('map');
  if (vehicles.length === 0) {
    return <p className="px-4 py-8 text-center text-sm text-slate-500">{t('list.empty')}</p>;
  }
  return (
    <ul className="divide-y divide-slate-100" data-testid="vehicle-list">
      {vehicles.map((v) => {
        const state = vehicleState(v);
        const selected = v.id === selectedId;
        return (
          <li key={v.id}>
            <button
              type="button"
              aria-pressed={selected}
              aria-label={t('list.showOnMap', { plate: v.plate })}
              onClick={() => {
                onSelect(v.id);
              }}
              className={cx(
                'flex w-full items-start gap-3 px-4 py-3 text-left transition-colors',
                selected ? 'bg-accent/10' : 'hover:bg-slate-50',
              )}
            >
              <span aria-hidden="true" className="mt-1.5 size-2.5 shrink-0 rounded-full" style={{ backgroundColor: STATE_COLORS[state] }} />
              <span className="min-w-0 flex-1">
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm font-semibold text-slate-900">{v.plate}</span>
                  <span
                    className={cx(
                      'shrink-0 rounded px-1.5 py-0.5 text-xs font-medium',
                      state === 'alarm' && 'bg-red-50 text-red-700',
                      state === 'offline' && 'bg-slate-100 text-slate-600',
                      state === 'driving' && 'bg-green-50 text-green-700',
                      state === 'parked' && 'bg-brand-50 text-brand-700',
                    )}
                  >
                    {t(`state.${state}`)}
                  </span>
                </span>
                <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-slate-500">
                  {v.alarm ? <span className="font-medium text-red-600">{t(`alarm.${v.alarm}`)}</span> : null}
                  {v.online && v.speed > 0 ? <span>{t('list.speed', { speed: v.speed })}</span> : null}
                  <span>{t('list.updated', { minutes: v.minutesAgo })}</span>
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
