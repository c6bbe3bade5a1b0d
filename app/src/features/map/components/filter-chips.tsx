import { useTranslation } from 'react-i18next';

import { cx } from '@/components/ui/cx';
import { MAP_FILTERS, STATE_COLORS, type MapFilter } from '../fleet-view';

interface FilterChipsProps {
  value: MapFilter;
  counts: Record<MapFilter, number>;
  onChange: (filter: MapFilter) => void;
}

const DOT: Record<MapFilter, string> = {
  all: '',
  alarm: STATE_COLORS.alarm,
  offline: STATE_COLORS.offline,
  driving: STATE_COLORS.driving,
  followed: '#F59E0B',
};

export function FilterChips({ value, counts, onChange }: FilterChipsProps) {
  const { t } = useTranslation('map');
  return (
    <div role="group" aria-label={t('filters.label')} className="flex flex-wrap gap-2" data-testid="map-filters">
      {MAP_FILTERS.map((f) => {
        const active = f === value;
        return (
          <button
            key={f}
            type="button"
            aria-pressed={active}
            onClick={() => {
              onChange(f);
            }}
            className={cx(
              'inline-flex h-8 items-center gap-2 rounded-full px-3 text-sm font-medium shadow-sm ring-1 transition-colors',
              active ? 'bg-accent ring-accent text-white' : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50',
            )}
          >
            {f !== 'all' ? <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: active ? '#ffffff' : DOT[f] }} /> : null}
            {t(`filters.${f}`)}
            <span className={cx('rounded-full px-1.5 text-xs tabular-nums', active ? 'bg-white/20' : 'bg-slate-100 text-slate-500')}>
              {counts[f]}
            </span>
          </button>
        );
      })}
    </div>
  );
}
