/**
 * The played moment: time, speed, position, and the wheels as the last report at or before it read them
 * (`/web/car/data_list`; the vehicle's axle layout from `/web/car/instant`). While playing the readings are asked for
 * at most every few seconds of playback (the moment is rounded), paused to the second.
 */
import { useTranslation } from 'react-i18next';

import { Panel } from '@/components/crud/view';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { UnitSwitch, WheelDiagram, type WheelReading } from '@/features/vehicles';
import { useUnits } from '@/features/settings';
import { formatDateTime, formatTime } from '@/lib/format';
import type { ReadingRow } from '@/lib/api-types';
import { useInstant } from '../api/get-instant';
import { useReadingsAt } from '../api/get-readings';
import { TRACK_SECONDS_PER_SECOND } from '../playback';
import type { Playback } from './use-playback';

/** Wall-clock seconds between two reading requests while playing. */
const PLAYING_REFRESH_S = 5;

/** The tyre readings of a stored report as the wheel diagram takes them. */
function toWheels(row: ReadingRow): WheelReading[] {
  const readAt = Date.parse(row.ts);
  return row.wheels
    .filter((w) => w.kind === 1)
    .map((w) => ({
      position: w.position,
      axle: Math.floor(w.position / 10),
      sensorNo: null,
      pressure: w.pressure ?? null,
      temp: w.temp ?? null,
      battery: w.battery ?? null,
      status: w.status,
      readAt,
    }));
}

export function MomentPanel({ vehicleId, playback }: { vehicleId: number; playback: Playback }) {
  const { t } = useTranslation('locus');
  const units = useUnits();
  const instant = useInstant(vehicleId);
  const { moment, playing, speed } = playback;
  const quantum = playing ? PLAYING_REFRESH_S * TRACK_SECONDS_PER_SECOND * speed * 1000 : 1000;
  const askedAt = moment ? Math.floor(moment.ms / quantum) * quantum : null;
  const readings = useReadingsAt(vehicleId, askedAt);
  const row = readings.data ?? null;
  return (
    <Panel title={t('moment.title')} actions={<UnitSwitch units={units} />}>
      <div className="space-y-3 p-4" data-testid="moment-panel">
        {moment ? (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">{t('moment.time')}</dt>
            <dd className="font-medium text-slate-900 tabular-nums" data-testid="moment-time">
              {formatTime(moment.ms)}
            </dd>
            <dt className="text-slate-500">{t('moment.speed')}</dt>
            <dd className="font-medium text-slate-900 tabular-nums" data-testid="moment-speed">
              {t('moment.kmh', { speed: Math.round(moment.speed) })}
            </dd>
            <dt className="text-slate-500">{t('moment.position')}</dt>
            <dd className="text-slate-700 tabular-nums">
              {moment.lon.toFixed(6)}, {moment.lat.toFixed(6)}
            </dd>
          </dl>
        ) : (
          <p className="text-sm text-slate-500">{t('moment.none')}</p>
        )}
        {instant.isPending || (readings.isPending && askedAt !== null) ? (
          <LoadingState />
        ) : instant.isError || readings.isError ? (
          <ErrorState
            message={t('moment.readingsFailed')}
            onRetry={() => {
              void instant.refetch();
              void readings.refetch();
            }}
          />
        ) : row ? (
          <div className="space-y-2" data-testid="moment-readings" data-read-at={row.ts}>
            <p className="text-xs text-slate-500">{t('moment.readAt', { time: formatDateTime(row.ts) })}</p>
            <WheelDiagram axleLayout={instant.data.axleLayout} wheels={toWheels(row)} pressureUnit={units.pressure} tempUnit={units.temp} />
          </div>
        ) : moment ? (
          <p className="text-sm text-slate-500" data-testid="moment-no-readings">
            {t('moment.noReadings')}
          </p>
        ) : null}
      </div>
    </Panel>
  );
}
