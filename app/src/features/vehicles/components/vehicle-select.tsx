/**
 * Picks one vehicle: a plate search narrows the list (50 at a time from `/web/car/list`, as a lookup beside any
 * fleet list), the select chooses. The chosen vehicle stays an option while other plates are searched.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { SelectInput, TextInput } from '@/components/ui/fields';
import { useVehicleOptions } from '../api/get-vehicles';

export interface PickedVehicle {
  id: number;
  plate: string;
}

interface VehicleSelectProps {
  value: PickedVehicle | null;
  onChange: (vehicle: PickedVehicle | null) => void;
  className?: string;
}

const OPTIONS = 50;

export function VehicleSelect({ value, onChange, className }: VehicleSelectProps) {
  const { t } = useTranslation('fleet');
  const id = useId();
  const [keyword, setKeyword] = useState('');
  const options = useVehicleOptions({ keyword: keyword.trim() || undefined, page: 1, pageSize: OPTIONS });
  const rows = options.data?.list ?? [];
  const listed = rows.map((r) => ({ id: r.carId, plate: r.plate }));
  const choices = value && !listed.some((v) => v.id === value.id) ? [value, ...listed] : listed;
  return (
    <div className={className ?? 'flex flex-wrap items-end gap-2'} data-testid="vehicle-select">
      <div className="min-w-36 flex-1">
        <label htmlFor={`${id}-search`} className="mb-1 block text-xs font-medium text-slate-600">
          {t('vehicleSelect.search')}
        </label>
        <TextInput
          id={`${id}-search`}
          type="search"
          value={keyword}
          onChange={(e) => {
            setKeyword(e.target.value);
          }}
        />
      </div>
      <div className="min-w-40 flex-1">
        <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
          {t('vehicleSelect.label')}
        </label>
        <SelectInput
          id={id}
          value={value ? String(value.id) : ''}
          aria-describedby={options.isError || (!options.isPending && choices.length === 0) ? `${id}-note` : undefined}
          onChange={(e) => {
            const picked = choices.find((c) => String(c.id) === e.target.value);
            onChange(picked ?? null);
          }}
        >
          <option value="">{t('vehicleSelect.choose')}</option>
          {choices.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.plate}
            </option>
          ))}
        </SelectInput>
      </div>
      {options.isError ? (
        <p id={`${id}-note`} className="w-full text-xs text-red-600">
          {t('vehicleSelect.loadFailed')}
        </p>
      ) : !options.isPending && choices.length === 0 ? (
        <p id={`${id}-note`} className="w-full text-xs text-slate-500">
          {t('vehicleSelect.none')}
        </p>
      ) : null}
    </div>
  );
}
