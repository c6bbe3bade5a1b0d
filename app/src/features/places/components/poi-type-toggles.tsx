/** One toggle per POI type (the maps' filters): pressed types are shown. */
import { useTranslation } from 'react-i18next';

import { cx } from '@/components/ui/cx';
import { poiTypeStyle } from '../model';
import type { PoiType } from '../types';
import { PoiSymbol } from './poi-symbol';

interface PoiTypeTogglesProps {
  types: readonly PoiType[];
  value: readonly PoiType[];
  onChange: (value: PoiType[]) => void;
  label: string;
  /** Shown but not pressable (e.g. for visitors), described by `describedBy`. */
  disabled?: boolean;
  describedBy?: string;
  testId?: string;
}

export function PoiTypeToggles({ types, value, onChange, label, disabled = false, describedBy, testId }: PoiTypeTogglesProps) {
  const { t } = useTranslation('places');
  return (
    <div role="group" aria-label={label} aria-describedby={describedBy} className="flex flex-wrap items-center gap-1.5" data-testid={testId}>
      {types.map((type) => {
        const on = value.includes(type);
        return (
          <button
            key={type}
            type="button"
            aria-pressed={on}
            disabled={disabled}
            onClick={() => {
              onChange(on ? value.filter((v) => v !== type) : [...value, type]);
            }}
            className={cx(
              'inline-flex h-7 items-center gap-1.5 rounded-full px-2.5 text-xs font-medium shadow-sm ring-1 transition-colors',
              on ? 'bg-slate-900 text-white ring-slate-900' : 'bg-white/90 text-slate-700 ring-slate-200 hover:bg-slate-50',
              'disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-white/90',
            )}
          >
            <PoiSymbol type={type} className="size-3" />
            {t(`type.${poiTypeStyle(type).key}`)}
          </button>
        );
      })}
    </div>
  );
}
