/** One vehicle at the installer's hands: its receiver, every wheel position with the bound sensor, and its install state. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ChevronLeftIcon, ChipIcon, TyreIcon } from '@/components/ui/icons';
import { Badge, ErrorState, LoadingState } from '@/components/ui/states';
import type { VehicleRow, WheelOut } from '@/lib/api-types';
import { parseAxleLayout, useWheelNames } from '@/features/vehicles';
import { useWheels } from '../api/get-wheels';
import { useSetInstallState, type InstallState } from '../api/set-install-state';

const STATE_TONES = { 0: 'slate', 1: 'green', 2: 'amber' } as const;
const ACTIONS: { state: InstallState; key: 'installing' | 'installed' | 'notInstalled'; variant: 'primary' | 'secondary' | 'ghost' }[] = [
  { state: 2, key: 'installing', variant: 'secondary' },
  { state: 1, key: 'installed', variant: 'primary' },
  { state: 0, key: 'notInstalled', variant: 'ghost' },
];

function asState(value: number): InstallState {
  return value === 1 || value === 2 ? value : 0;
}

function byAxle(wheels: WheelOut[]): [number, WheelOut[]][] {
  const axles = new Map<number, WheelOut[]>();
  for (const w of [...wheels].sort((a, b) => a.position - b.position)) {
    const list = axles.get(w.axle) ?? [];
    list.push(w);
    axles.set(w.axle, list);
  }
  return [...axles.entries()].sort((a, b) => a[0] - b[0]);
}

function Reading({ wheel }: { wheel: WheelOut }) {
  const { t } = useTranslation('site');
  if (wheel.pressure == null && wheel.temp == null) return <span className="text-slate-400">{t('install.vehicle.noReading')}</span>;
  const parts = [wheel.pressure != null ? `${wheel.pressure.toFixed(1)} bar` : null, wheel.temp != null ? `${Math.round(wheel.temp)} ℃` : null];
  return <span className="tabular-nums">{parts.filter(Boolean).join(' · ')}</span>;
}

export function VehicleInstall({ vehicle, onBack, onChanged }: { vehicle: VehicleRow; onBack: () => void; onChanged: (v: VehicleRow) => void }) {
  const { t } = useTranslation('site');
  const names = useWheelNames();
  const wheelsPerAxle = parseAxleLayout(vehicle.axleLayout);
  const wheels = useWheels();
  const marking = useSetInstallState();
  const [done, setDone] = useState<string | null>(null);
  const { run: loadWheels } = wheels;
  useEffect(() => {
    void loadWheels(vehicle.carId);
  }, [loadWheels, vehicle.carId]);

  const state = asState(vehicle.installState);
  const list = wheels.data ?? [];
  const bound = list.filter((w) => w.sensorNo).length;

  const mark = async (next: InstallState) => {
    setDone(null);
    const answer = await marking.run({ carId: vehicle.carId, installState: next });
    if (answer) {
      onChanged({ ...vehicle, installState: next });
      setDone(t('install.mark.done', { plate: vehicle.plate, state: t(`install.state.${next}`) }));
    }
  };

  return (
    <section aria-labelledby="vehicle-heading" className="space-y-5" data-testid="install-vehicle">
      <Button variant="ghost" size="sm" onClick={onBack} className="-ml-2">
        <ChevronLeftIcon className="size-4" />
        {t('install.vehicle.back')}
      </Button>
      <header className="flex flex-wrap items-center gap-3">
        <h2 id="vehicle-heading" className="text-2xl font-bold text-slate-900">
          {vehicle.plate}
        </h2>
        <Badge tone={STATE_TONES[state]}>
          <span data-testid="install-state">{t(`install.state.${state}`)}</span>
        </Badge>
      </header>
      {vehicle.vin || vehicle.entName ? <p className="text-sm text-slate-500">{[vehicle.entName, vehicle.vin].filter(Boolean).join(' · ')}</p> : null}

      <div className="flex items-center gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
        <ChipIcon className="text-brand-600 size-6 shrink-0" />
        <div className="min-w-0">
          <p className="text-sm text-slate-500">{t('install.vehicle.receiver')}</p>
          <p className="font-mono text-base break-all text-slate-900" data-testid="install-receiver">
            {vehicle.imei || t('install.vehicle.noReceiver')}
          </p>
        </div>
      </div>

      <div>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="text-lg font-semibold text-slate-900">{t('install.vehicle.wheels')}</h3>
          {list.length > 0 ? <p className="text-sm text-slate-500">{t('install.vehicle.bound', { bound, total: list.length })}</p> : null}
        </div>
        {wheels.running && !wheels.data ? <LoadingState className="py-8" /> : null}
        {wheels.error ? (
          <ErrorState
            message={wheels.error.message}
            onRetry={() => {
              void loadWheels(vehicle.carId);
            }}
          />
        ) : null}
        {wheels.data && list.length === 0 ? <p className="mt-3 text-sm text-slate-600">{t('install.vehicle.noWheels')}</p> : null}
        <div className="mt-3 space-y-3">
          {byAxle(list).map(([axle, axleWheels]) => (
            <div key={axle} className="rounded-2xl bg-white ring-1 ring-slate-200">
              <p className="border-b border-slate-100 px-4 py-2 text-sm font-medium text-slate-700">{names.axle(axle)}</p>
              <ul className="divide-y divide-slate-100">
                {axleWheels.map((w) => (
                  <li key={w.position} className="flex items-center gap-3 px-4 py-3" data-testid="install-wheel">
                    <TyreIcon className={w.sensorNo ? 'text-brand-600 size-5 shrink-0' : 'size-5 shrink-0 text-slate-300'} />
                    <span className="w-20 shrink-0 text-sm text-slate-500" title={`${t('install.vehicle.position')} ${names.wheel(w.position, wheelsPerAxle)}`}>
                      <span className="font-mono">{w.position}</span> {names.place(w.position, wheelsPerAxle)}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className={w.sensorNo ? 'block font-mono text-sm break-all text-slate-900' : 'block text-sm text-amber-700'}>
                        {w.sensorNo ?? t('install.vehicle.noSensor')}
                      </span>
                      <span className="block text-xs text-slate-500">
                        <Reading wheel={w} />
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>

      <div className="rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200">
        <h3 className="text-sm font-semibold text-slate-900">{t('install.vehicle.state')}</h3>
        <div className="mt-3 grid gap-2 sm:grid-cols-3">
          {ACTIONS.map((a) => (
            <Button
              key={a.state}
              variant={a.variant}
              size="lg"
              className="w-full"
              disabled={marking.running || state === a.state}
              onClick={() => {
                void mark(a.state);
              }}
              data-testid={`install-mark-${a.state}`}
            >
              {t(`install.mark.${a.key}`)}
            </Button>
          ))}
        </div>
        {marking.error ? (
          <p role="alert" className="mt-3 text-sm text-red-600">
            {marking.error.message}
          </p>
        ) : null}
        {done ? (
          <p role="status" className="mt-3 text-sm text-emerald-700" data-testid="install-done">
            {done}
          </p>
        ) : null}
      </div>
    </section>
  );
}
