/**
 * A vehicle's information card (mapComponents/vehicleInfo, and the head of the vehicle panel view): plate and state,
 * speed, last report, position and address; in full also the enterprise, the receiver, the drivers, the alarms not yet
 * cleared and a summary of the tyres by state. Read again whenever `version` (its live updates) moves.
 */
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Panel } from '@/components/crud/view';
import { Badge, ErrorState, LoadingState } from '@/components/ui/states';
import { formatDateTime, maskPhone } from '@/lib/format';
import { formatLonLat } from '@/lib/geo';
import { AlarmWheelLabel, alarmKindKey } from '@/features/live';
import { useInstant } from '@/features/tracks';
import { deriveState, STATE_TONES, useCarInfo, useVehicleWheels, useWheelLimits, WHEEL_COLORS, WHEEL_STATES, wheelState } from '@/features/vehicles';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="contents">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-800 tabular-nums" data-testid={testId}>
        {children === '' || children === null ? '—' : children}
      </dd>
    </div>
  );
}

export function VehicleCard({ carId, version, full = true }: { carId: number; version: number; full?: boolean }) {
  const { t } = useTranslation(['pieces', 'fleet', 'map']);
  const info = useCarInfo(carId);
  const { refetch } = info;
  useEffect(() => {
    if (version > 0) void refetch();
  }, [version, refetch]);
  if (info.isPending) return <LoadingState />;
  if (info.isError) return <ErrorState message={t('pieces:vehicle.loadFailed')} onRetry={() => void info.refetch()} />;
  const v = info.data;
  const s = v.state;
  const state = deriveState(s ?? { offline: true });
  return (
    <Panel className="space-y-4 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-base font-semibold text-slate-900" data-testid="vehicle-card-plate">
          {v.plate}
        </h3>
        <Badge tone={STATE_TONES[state]}>{t(`fleet:state.${state}`)}</Badge>
        <Badge tone={s && !s.offline ? 'green' : 'slate'}>{s && !s.offline ? t('fleet:filter.online') : t('fleet:filter.offline')}</Badge>
      </div>
      <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-1.5 text-sm md:grid-cols-[minmax(6rem,auto)_1fr_minmax(6rem,auto)_1fr]">
        <Fact label={t('map:vehicle.speed')} testId="vehicle-card-speed">{t('map:list.speed', { speed: s?.speed ?? 0 })}</Fact>
        <Fact label={t('map:vehicle.lastReport')} testId="vehicle-card-last-report">{formatDateTime(s?.finalTime ?? null)}</Fact>
        <Fact label={t('map:vehicle.position')}>{typeof s?.lat === 'number' && typeof s.lon === 'number' ? formatLonLat([s.lon, s.lat]) : t('map:vehicle.noPosition')}</Fact>
        <Fact label={t('pieces:vehicle.address')}>{s?.address ?? ''}</Fact>
        {full ? (
          <>
            <Fact label={t('fleet:vehicle.enterprise')}>{v.entName}</Fact>
            <Fact label={t('fleet:vehicle.axleLayout')}>{v.axleLayout}</Fact>
          </>
        ) : null}
      </dl>
      {full ? <CardDetails carId={carId} version={version} enterpriseId={v.enterpriseId} device={v.device} drivers={v.drivers} /> : null}
    </Panel>
  );
}

type Detail = NonNullable<ReturnType<typeof useCarInfo>['data']>;

function CardDetails({ carId, version, enterpriseId, device, drivers }: { carId: number; version: number; enterpriseId: number; device: Detail['device']; drivers: Detail['drivers'] }) {
  const { t } = useTranslation(['pieces', 'fleet', 'map', 'common']);
  const wheels = useVehicleWheels(carId);
  const instant = useInstant(carId);
  const limits = useWheelLimits(enterpriseId);
  const refetchWheels = wheels.refetch;
  const refetchInstant = instant.refetch;
  useEffect(() => {
    if (version === 0) return;
    void refetchWheels();
    void refetchInstant();
  }, [version, refetchWheels, refetchInstant]);
  const counts = new Map<string, number>();
  for (const w of wheels.data ?? []) {
    const st = wheelState(w, limits);
    counts.set(st, (counts.get(st) ?? 0) + 1);
  }
  const alarms = instant.data?.alarms ?? [];
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section className="space-y-1.5">
        <h4 className="text-sm font-semibold text-slate-900">{t('fleet:info.device')}</h4>
        {device ? (
          <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-1 text-sm">
            <Fact label={t('fleet:vehicle.imei')} testId="vehicle-card-imei">{device.imei}</Fact>
            <Fact label={t('fleet:device.online')}>{device.online ? t('fleet:filter.online') : t('fleet:filter.offline')}</Fact>
            <Fact label={t('fleet:device.heartbeat')}>{formatDateTime(device.heartbeat)}</Fact>
          </dl>
        ) : (
          <p className="text-sm text-slate-500">{t('pieces:vehicle.noDevice')}</p>
        )}
      </section>
      <section className="space-y-1.5">
        <h4 className="text-sm font-semibold text-slate-900">{t('fleet:vehicle.drivers')}</h4>
        {drivers.length === 0 ? (
          <p className="text-sm text-slate-500">{t('fleet:info.noDrivers')}</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {drivers.map((d) => (
              <li key={d.id}>
                {d.name} <span className="text-slate-500 tabular-nums">{maskPhone(d.phone)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="space-y-1.5" data-testid="vehicle-card-tyres">
        <h4 className="text-sm font-semibold text-slate-900">{t('pieces:vehicle.tyres', { count: wheels.data?.length ?? 0 })}</h4>
        {wheels.isError ? <p className="text-sm text-red-600">{t('pieces:vehicle.loadFailed')}</p> : null}
        <ul className="flex flex-wrap gap-2 text-xs">
          {WHEEL_STATES.filter((st) => counts.has(st)).map((st) => (
            <li key={st} className="inline-flex items-center gap-1 rounded-full px-2 py-0.5 ring-1" style={{ background: WHEEL_COLORS[st].fill, color: WHEEL_COLORS[st].text, borderColor: WHEEL_COLORS[st].stroke }}>
              {t(`fleet:wheels.state.${st}`)} <span className="font-semibold tabular-nums">{counts.get(st)}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="space-y-1.5" data-testid="vehicle-card-alarms">
        <h4 className="text-sm font-semibold text-slate-900">{t('pieces:vehicle.alarms', { count: alarms.length })}</h4>
        {instant.isPending ? <p className="text-sm text-slate-500">{t('common:loading')}</p> : null}
        {instant.isError ? <p className="text-sm text-red-600">{t('pieces:vehicle.loadFailed')}</p> : null}
        {instant.isSuccess && alarms.length === 0 ? <p className="text-sm text-slate-500">{t('pieces:vehicle.noAlarms')}</p> : null}
        <ul className="space-y-1 text-sm">
          {alarms.slice(0, 8).map((a) => (
            <li key={a.id} className="flex flex-wrap items-center gap-2">
              <Badge tone={a.level >= 2 ? 'red' : 'amber'}>{t(`map:alarmKind.${alarmKindKey(a.kind)}`)}</Badge>
              <AlarmWheelLabel kind={a.kind} position={a.position} vehicleId={carId} className="text-slate-500" />
              <span className="text-xs text-slate-500">{formatDateTime(a.startedAt)}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
