/**
 * mapComponents/gaugeChart (仪表图): a picked vehicle's tyres (pressure and temperature) and hubs (temperature) on
 * dials whose rims are the enterprise's threshold bands for that axle position, in the user's units; read from the
 * vehicle's latest snapshot (/web/car/instant) and again whenever its live reports arrive.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { Panel } from '@/components/crud/view';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { formatDateTime } from '@/lib/format';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useSession } from '@/lib/console/session-context';
import { useAlarmThresholds } from '@/features/enterprise';
import { useVehicleUpdates } from '@/features/live';
import { formatPressure, formatTemp, useUnits } from '@/features/settings';
import { useInstant } from '@/features/tracks';
import { parseAxleLayout, UnitSwitch, useCarInfo, useWheelNames } from '@/features/vehicles';
import { Gauge } from '../components/gauge';
import { LiveBadge } from '../components/live-badge';
import { VehicleViewFrame } from '../components/vehicle-view-frame';
import { BAND, hubTempGauge, pressureGauge, thresholdsFor, tyreTempGauge } from '../gauge-bands';

function Gauges({ carId }: { carId: number }) {
  const { t } = useTranslation(['pieces', 'map']);
  const session = useSession();
  const live = !session.visitor;
  const updates = useVehicleUpdates(carId, session.token, live);
  const info = useCarInfo(carId);
  const instant = useInstant(carId);
  const thresholds = useAlarmThresholds(info.data?.enterpriseId ?? null);
  const units = useUnits();
  const names = useWheelNames();
  const { refetch } = instant;
  useEffect(() => {
    if (updates.version > 0) void refetch();
  }, [updates.version, refetch]);

  // without the thresholds (not readable by this role, or failed) the dials are drawn without bands
  if (instant.isPending || info.isPending || thresholds.isPending) return <LoadingState />;
  if (instant.isError || info.isError) {
    return (
      <ErrorState
        message={t('pieces:vehicle.loadFailed')}
        onRetry={() => {
          void instant.refetch();
          void info.refetch();
        }}
      />
    );
  }
  const snap = instant.data;
  const kind = info.data.kind;
  const wheelsPerAxle = parseAxleLayout(info.data.axleLayout);
  const tyres = snap.wheels;
  const hubs = snap.axles;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        {live ? <LiveBadge status={updates.status} /> : null}
        <span className="text-sm text-slate-600">
          {t('pieces:gauge.lastReport')} <span className="tabular-nums">{formatDateTime(snap.finalAt ?? null)}</span>
        </span>
        <div className="ml-auto">
          <UnitSwitch units={units} />
        </div>
      </div>
      {thresholds.isError ? <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">{t('pieces:gauge.noThresholds')}</p> : null}
      <ul className="flex flex-wrap gap-3 text-xs text-slate-600" aria-label={t('pieces:gauge.legend')}>
        {(['ok', 'warn', 'bad'] as const).map((b) => (
          <li key={b} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block h-2 w-4 rounded-sm" style={{ backgroundColor: BAND[b] }} />
            {t(`pieces:gauge.band.${b}`)}
          </li>
        ))}
      </ul>
      <Panel title={t('pieces:gauge.tyres', { count: tyres.length })}>
        {tyres.length === 0 ? (
          <EmptyState title={t('pieces:gauge.noTyres')} />
        ) : (
          <ul className="grid grid-cols-1 gap-3 p-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="tyre-gauges">
            {tyres.map((w) => {
              const th = thresholdsFor(thresholds.data, kind, w.axle);
              const pressure = w.pressure ?? null;
              const temp = w.temp ?? null;
              return (
                <li key={w.position} className="rounded-lg p-3 ring-1 ring-slate-200" data-testid={`tyre-${String(w.position)}`}>
                  <div className="flex items-baseline justify-between gap-2">
                    <h4 className="text-sm font-semibold text-slate-900">{names.wheel(w.position, wheelsPerAxle)}</h4>
                    <span className="text-xs text-slate-500">{w.sensorNo ? formatDateTime(w.readAt ?? null) : t('pieces:gauge.noSensor')}</span>
                  </div>
                  <div className="mt-1 grid grid-cols-2 gap-2">
                    <Gauge spec={pressureGauge(pressure, th, units.pressure)} label={t('pieces:gauge.pressure')} text={formatPressure(pressure, units.pressure) || '—'} testId={`gauge-pressure-${String(w.position)}`} />
                    <Gauge spec={tyreTempGauge(temp, th, units.temp)} label={t('pieces:gauge.temp')} text={formatTemp(temp, units.temp) || '—'} testId={`gauge-temp-${String(w.position)}`} />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Panel>
      <Panel title={t('pieces:gauge.hubs', { count: hubs.length })}>
        {hubs.length === 0 ? (
          <EmptyState title={t('pieces:gauge.noHubs')} />
        ) : (
          <ul className="grid grid-cols-2 gap-3 p-3 sm:grid-cols-3 xl:grid-cols-6" data-testid="hub-gauges">
            {hubs.map((h) => {
              const temp = h.temp ?? null;
              const axle = Math.floor(h.position / 10);
              return (
                <li key={h.position} className="rounded-lg p-2 ring-1 ring-slate-200">
                  <Gauge
                    spec={hubTempGauge(temp, thresholdsFor(thresholds.data, kind, axle), units.temp)}
                    label={names.wheelEnd(h.position)}
                    text={formatTemp(temp, units.temp) || '—'}
                    testId={`gauge-hub-${String(h.position)}`}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </Panel>
    </div>
  );
}

export default function GaugeChartView({ route }: MenuViewProps) {
  const { t } = useTranslation('pieces');
  const { lang } = useApp();
  return (
    <VehicleViewFrame title={menuTitle(route, lang)} description={t('gauge.description')} testId="gauge-chart-view">
      {(v) => <Gauges carId={v.id} />}
    </VehicleViewFrame>
  );
}
