/**
 * Vehicle info (a drawer over the fleet list): state, model facts, device, drivers (masked phones), trailer, and the
 * wheel-position diagram in the user's units with the unit switch; the vehicle's own people can share it (a link).
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Drawer } from '@/components/ui/drawer';
import { Badge, ErrorState, LoadingState } from '@/components/ui/states';
import { formatDateTime, maskPhone } from '@/lib/format';
import { useUnits } from '@/features/settings';
import { ShareDialog } from './share-dialog';
import { useCarInfo } from '../api/get-car-info';
import { useVehicleWheels } from '../api/get-sensor';
import { deriveState, STATE_TONES } from '../vehicle-state';
import { useWheelLimits } from '../use-wheel-limits';
import { UnitSwitch } from './unit-switch';
import { WheelDiagram } from './wheel-diagram';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 text-slate-800">{children === '' || children === null ? '—' : children}</dd>
    </div>
  );
}

export function VehicleInfoDrawer({ carId, onClose }: { carId: number | null; onClose: () => void }) {
  // mounted only while open: nothing is fetched for a closed drawer
  return carId === null ? null : <VehicleInfo carId={carId} onClose={onClose} />;
}

function VehicleInfo({ carId, onClose }: { carId: number; onClose: () => void }) {
  const { t } = useTranslation('fleet');
  const info = useCarInfo(carId);
  const [sharing, setSharing] = useState(false);
  const wheels = useVehicleWheels(carId);
  const units = useUnits();
  const v = info.data;
  const limits = useWheelLimits(v?.enterpriseId ?? null);
  // no live state yet: it never reported, so offline
  const state = v ? deriveState(v.state ?? { offline: true }) : null;
  return (
    <Drawer open onClose={onClose} title={v ? t('info.title', { plate: v.plate }) : t('vehicle.info')} className="w-full max-w-[100vw] md:w-[720px]">
      <div className="space-y-5 p-4" data-testid="vehicle-info">
        {info.isPending ? <LoadingState /> : null}
        {info.isError ? <ErrorState message={t('info.loadFailed')} onRetry={() => void info.refetch()} /> : null}
        {v && state ? (
          <>
            <section className="space-y-2">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="text-base font-semibold text-slate-900">{v.plate}</h3>
                <Badge tone={STATE_TONES[state]}>{t(`state.${state}`)}</Badge>
                {v.attention ? <Badge tone="amber">{t('vehicle.followed')}</Badge> : null}
                {v.editable ? (
                  <Button variant="secondary" size="sm" className="ml-auto" onClick={() => { setSharing(true); }}>
                    {t('info.share')}
                  </Button>
                ) : null}
              </div>
              {sharing ? <ShareDialog vehicleId={v.carId} plate={v.plate} onClose={() => { setSharing(false); }} /> : null}
              <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-1.5 text-sm md:grid-cols-[minmax(6rem,auto)_1fr_minmax(6rem,auto)_1fr]">
                <Fact label={t('vehicle.kind')}>{t(`vehicle.kinds.${String(v.kind)}` as 'vehicle.kinds.0')}</Fact>
                <Fact label={t('vehicle.enterprise')}>{v.entName}</Fact>
                <Fact label={t('vehicle.vin')}>{v.vin}</Fact>
                <Fact label={t('vehicle.group')}>{v.groupName}</Fact>
                <Fact label={t('vehicle.axleLayout')}>{v.axleLayout}</Fact>
                <Fact label={t('vehicle.installState')}>{t(`vehicle.install.${String(v.installState)}` as 'vehicle.install.0')}</Fact>
                <Fact label={t('vehicle.finalTime')}>{formatDateTime(v.state?.finalTime ?? null)}</Fact>
                <Fact label={t('vehicle.created')}>{formatDateTime(v.created)}</Fact>
              </dl>
            </section>
            <section className="space-y-2">
              <h4 className="text-sm font-semibold text-slate-900">{t('info.device')}</h4>
              <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-1.5 text-sm">
                <Fact label={t('vehicle.imei')}>{v.device?.imei ?? ''}</Fact>
                <Fact label={t('device.partNo')}>{v.device?.partNo ?? ''}</Fact>
                <Fact label={t('device.version')}>{v.device?.version ?? ''}</Fact>
                <Fact label={t('device.online')}>{v.device ? (v.device.online ? t('filter.online') : t('filter.offline')) : ''}</Fact>
                <Fact label={t('device.heartbeat')}>{formatDateTime(v.device?.heartbeat ?? null)}</Fact>
              </dl>
            </section>
            <section className="space-y-2">
              <h4 className="text-sm font-semibold text-slate-900">{t('info.trailer')}</h4>
              <p className="text-sm text-slate-700">{v.trailerPlate || t('info.noTrailer')}</p>
            </section>
            <section className="space-y-2">
              <h4 className="text-sm font-semibold text-slate-900">{t('vehicle.drivers')}</h4>
              {v.drivers.length === 0 ? (
                <p className="text-sm text-slate-500">{t('info.noDrivers')}</p>
              ) : (
                <ul className="space-y-1 text-sm">
                  {v.drivers.map((d) => (
                    <li key={d.id}>
                      {d.name} <span className="text-slate-500 tabular-nums">{maskPhone(d.phone)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className="space-y-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h4 className="text-sm font-semibold text-slate-900">{t('wheels.title')}</h4>
                <UnitSwitch units={units} />
              </div>
              {wheels.isError ? <ErrorState message={t('info.loadFailed')} onRetry={() => void wheels.refetch()} /> : null}
              <WheelDiagram axleLayout={v.axleLayout} wheels={wheels.data ?? v.wheels} limits={limits} pressureUnit={units.pressure} tempUnit={units.temp} />
            </section>
          </>
        ) : null}
      </div>
    </Drawer>
  );
}
