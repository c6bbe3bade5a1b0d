/** Pressure and temperature unit switches (the user's preference, kept like the other console settings). */
import { useTranslation } from 'react-i18next';

import { cx } from '@/components/ui/cx';
import { PRESSURE_LABELS, PRESSURE_UNITS, TEMP_LABELS, TEMP_UNITS, type UnitSettings } from '@/features/settings';

function Segmented<T extends string>({ label, options, value, labels, onChange }: { label: string; options: readonly T[]; value: T; labels: Record<T, string>; onChange: (v: T) => void }) {
  return (
    <div role="radiogroup" aria-label={label} className="inline-flex rounded-md ring-1 ring-slate-200">
      {options.map((o) => (
        <button
          key={o}
          type="button"
          role="radio"
          aria-checked={o === value}
          onClick={() => {
            onChange(o);
          }}
          className={cx('px-2.5 py-1 text-xs font-medium first:rounded-l-md last:rounded-r-md', o === value ? 'bg-brand-700 text-white' : 'text-slate-600 hover:bg-slate-50')}
        >
          {labels[o]}
        </button>
      ))}
    </div>
  );
}

export function UnitSwitch({ units }: { units: UnitSettings }) {
  const { t } = useTranslation('fleet');
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="unit-switch">
      <Segmented label={t('wheels.pressureUnit')} options={PRESSURE_UNITS} value={units.pressure} labels={PRESSURE_LABELS} onChange={units.setPressure} />
      <Segmented label={t('wheels.tempUnit')} options={TEMP_UNITS} value={units.temp} labels={TEMP_LABELS} onChange={units.setTemp} />
    </div>
  );
}
