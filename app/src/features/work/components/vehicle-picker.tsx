/**
 * The vehicles of an order and the wheel positions the work is about: search the vehicles an order may be opened on
 * (`order_car`), add one, tick its positions (axles front to back, wheels from the left; from its axle layout).
 * Without positions (a notice plan's vehicles) the chosen vehicles are plates to remove.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Checkbox, TextInput } from '@/components/ui/fields';
import { CloseIcon, PlusIcon } from '@/components/ui/icons';
import { parseAxleLayout, useWheelNames } from '@/features/vehicles';
import { useOrderCars } from '../api/get-order-cars';
import { orderPositions } from '../model';
import { positionNumber } from '../prefill';

export interface VehiclePick {
  vehicleId: number;
  plate: string;
  positions: string[];
}

interface VehiclePickerProps {
  id: string;
  value: readonly VehiclePick[];
  onChange: (value: VehiclePick[]) => void;
  invalid?: boolean;
  describedBy?: string;
  /** Offer each vehicle's wheel positions (default true). */
  withPositions?: boolean;
}

export function VehiclePicker({ id, value, onChange, invalid, describedBy, withPositions = true }: VehiclePickerProps) {
  const { t } = useTranslation('work');
  const [keyword, setKeyword] = useState('');
  const cars = useOrderCars({ keyword: keyword.trim() || undefined, page: 1, pageSize: 8 });
  const chosen = new Set(value.map((v) => v.vehicleId));
  const matches = (cars.data?.list ?? []).filter((c) => !chosen.has(c.id));
  return (
    <div className="space-y-2" data-testid="vehicle-picker" aria-describedby={describedBy}>
      {withPositions ? (
        value.map((v) => (
          <VehicleEntry
            key={v.vehicleId}
            pick={v}
            onChange={(next) => {
              onChange(value.map((x) => (x.vehicleId === v.vehicleId ? next : x)));
            }}
            onRemove={() => {
              onChange(value.filter((x) => x.vehicleId !== v.vehicleId));
            }}
          />
        ))
      ) : value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('plan.inform.vehiclesChosen')}>
          {value.map((v) => (
            <li key={v.vehicleId} className="flex items-center gap-1 rounded-lg bg-slate-100 py-0.5 pr-0.5 pl-2.5 text-sm text-slate-800" data-testid={`vehicle-pick-${String(v.vehicleId)}`}>
              {v.plate}
              <button
                type="button"
                onClick={() => {
                  onChange(value.filter((x) => x.vehicleId !== v.vehicleId));
                }}
                aria-label={t('form.removeVehicle', { plate: v.plate })}
                className="grid size-9 place-items-center rounded-md text-slate-500 hover:bg-slate-200 hover:text-red-600"
              >
                <CloseIcon className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <TextInput
        id={id}
        type="search"
        value={keyword}
        aria-invalid={invalid ? true : undefined}
        placeholder={t('form.vehicleSearch')}
        onChange={(e) => {
          setKeyword(e.target.value);
        }}
      />
      {matches.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('form.vehicleMatches')}>
          {matches.map((c) => (
            <li key={c.id}>
              <Button
                variant="secondary"
                size="sm"
                className="max-md:h-10"
                onClick={() => {
                  onChange([...value, { vehicleId: c.id, plate: c.plate, positions: [] }]);
                  setKeyword('');
                }}
              >
                <PlusIcon className="size-4" />
                {c.plate}
              </Button>
            </li>
          ))}
        </ul>
      ) : keyword.trim() !== '' && !cars.isPending ? (
        <p className="text-xs text-slate-500">{t('form.noVehicles')}</p>
      ) : null}
    </div>
  );
}

/** One chosen vehicle: its plate and the position checkboxes (its axle layout is looked up by plate). */
function VehicleEntry({ pick, onChange, onRemove }: { pick: VehiclePick; onChange: (p: VehiclePick) => void; onRemove: () => void }) {
  const { t } = useTranslation('work');
  const lookup = useOrderCars({ keyword: pick.plate, page: 1, pageSize: 10 });
  const car = lookup.data?.list.find((c) => c.id === pick.vehicleId);
  const wheelsPerAxle = parseAxleLayout(car?.axleLayout ?? '');
  const axles = orderPositions(wheelsPerAxle ?? []);
  const names = useWheelNames();
  /** A checkbox shows its place on the axle its row names; its accessible name says the axle too. */
  const place = (p: string) => {
    const n = positionNumber(p);
    return n === null ? { short: p, full: p } : { short: names.place(n, wheelsPerAxle) ?? p, full: names.wheel(n, wheelsPerAxle) };
  };
  const toggle = (p: string) => {
    onChange({ ...pick, positions: pick.positions.includes(p) ? pick.positions.filter((x) => x !== p) : [...pick.positions, p] });
  };
  return (
    <fieldset className="rounded-lg p-3 ring-1 ring-slate-200" data-testid={`vehicle-pick-${String(pick.vehicleId)}`}>
      <legend className="sr-only">{pick.plate}</legend>
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{pick.plate}</span>
        <button type="button" onClick={onRemove} aria-label={t('form.removeVehicle', { plate: pick.plate })} className="grid size-9 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-red-600">
          <CloseIcon className="size-4" />
        </button>
      </div>
      {axles.length > 0 ? (
        <div className="mt-2 space-y-1.5">
          <p className="text-xs text-slate-500">{t('form.positions')}</p>
          {axles.map((wheels, a) => (
            <div key={a} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="w-14 text-xs text-slate-500">{names.axle(a + 1)}</span>
              {wheels.map((p) => (
                <label key={p} className="flex min-h-9 items-center gap-1.5 text-sm text-slate-700">
                  <Checkbox
                    aria-label={place(p).full}
                    checked={pick.positions.includes(p)}
                    onChange={() => {
                      toggle(p);
                    }}
                  />
                  {place(p).short}
                </label>
              ))}
            </div>
          ))}
        </div>
      ) : pick.positions.length > 0 ? (
        <p className="mt-1 text-sm text-slate-600">{t('form.positionsList', { list: pick.positions.map((p) => place(p).full).join(t('form.listSeparator')) })}</p>
      ) : null}
    </fieldset>
  );
}
