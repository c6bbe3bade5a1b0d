/**
 * Track playback, mounted by /locus and by the menu view locus/tracks: pick a vehicle and a UTC day → the day's track
 * on the map (`/web/track/day`: every fix, fetched once; the map simplifies the line for the zoom as it draws) with its stops, speeding stretches
 * and alarm points; play it (1×–16×) or scrub the timeline, a marker moving along; the moment's time, speed and wheel
 * readings; the day's summary; and the last 30 days of km (the consumption monitor), whose bars pick the day.
 *
 * The vehicle and day live in the URL (`?vehicleId=&day=`), so the track list and links open a day directly.
 */
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { Panel } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/fields';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { VehicleSelect, type PickedVehicle } from '@/features/vehicles';
import { formatDuration } from '@/lib/format';
import { useDayTrack } from '../api/get-day-track';
import { useInstant } from '../api/get-instant';
import { useMileageHistogram } from '../api/get-mileage';
import { addDays, km, lineOf, TRACK_COLOR, parseDay, stretchLine, trackMarkers, utcToday } from '../playback';
import type { DayTrack } from '@/lib/api-types';
import { DayEvents } from './day-events';
import { KmChart } from './km-chart';
import { MomentPanel } from './moment-panel';
import { PlaybackControls } from './playback-controls';
import { TrackMap } from './track-map';
import { usePlayback } from './use-playback';

/** Days of the mileage strip. */
const STRIP_DAYS = 30;

export function TrackPlayback({ title }: { title: string }) {
  const { t } = useTranslation('locus');
  const [params, setParams] = useSearchParams();
  const vehicleId = Number(params.get('vehicleId')) || null;
  const day = parseDay(params.get('day')) ?? utcToday();
  const instant = useInstant(vehicleId);
  const [picked, setPicked] = useState<PickedVehicle | null>(null);
  const vehicle: PickedVehicle | null = vehicleId === null ? null : { id: vehicleId, plate: picked?.id === vehicleId ? picked.plate : (instant.data?.plate ?? '') };

  // every fix, once: playback moves along them (a simplified line keeps two fixes of a steady hour, and nothing of the
  // speed between them), and OpenLayers simplifies the drawn line for each zoom by itself
  const track = useDayTrack(vehicleId === null ? null : { vehicleId, day });
  const data = track.data;
  const playback = usePlayback(data?.points ?? [], `${String(vehicleId)}:${day}`);

  const choose = (next: { vehicle?: PickedVehicle | null; day?: string }) => {
    if (next.vehicle !== undefined) setPicked(next.vehicle);
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next.vehicle !== undefined) {
          if (next.vehicle) q.set('vehicleId', String(next.vehicle.id));
          else q.delete('vehicleId');
        }
        if (next.day !== undefined) q.set('day', next.day);
        else if (!q.get('day')) q.set('day', day);
        return q;
      },
      { replace: true },
    );
  };

  const speeding = data ? data.speeding.map((s) => stretchLine(data.points, s.start, s.end)) : [];
  const overlay =
    vehicleId === null ? (
      <MapNote>{t('playback.chooseVehicle')}</MapNote>
    ) : track.isPending ? (
      <MapNote>
        <LoadingState className="py-0" label={t('playback.loading')} />
      </MapNote>
    ) : track.isError ? (
      <MapNote>
        <ErrorState className="py-0" message={t('playback.failed')} onRetry={() => void track.refetch()} />
      </MapNote>
    ) : data?.points.length === 0 ? (
      <MapNote>
        <span data-testid="track-empty">{t('playback.noFixes', { day })}</span>
      </MapNote>
    ) : null;

  return (
    <div className="mx-auto w-full max-w-[1600px] space-y-4 p-3 md:p-6" data-testid="track-playback">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        <div className="flex w-full flex-wrap items-end gap-2 md:w-auto">
          <VehicleSelect
            value={vehicle}
            onChange={(v) => {
              choose({ vehicle: v });
            }}
            className="flex flex-1 flex-wrap items-end gap-2"
          />
          <DayPicker
            day={day}
            onChange={(d) => {
              choose({ day: d });
            }}
          />
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_380px]">
        <div className="min-w-0 space-y-3">
          <TrackMap
            lines={data ? [{ id: data.day, color: TRACK_COLOR, coords: lineOf(data.points) }] : []}
            highlights={speeding}
            markers={data ? trackMarkers(data.points, data.stops, data.alarms) : []}
            vehicle={playback.moment && data && data.points.length > 0 ? playback.moment : null}
            follow={playback.playing}
            fitKey={`${String(vehicleId)}:${day}`}
            overlay={overlay}
            className="relative h-[55vh] min-h-72"
          />
          <PlaybackControls playback={playback} />
          <TrackLegend />
        </div>
        <div className="space-y-4">
          <DaySummary track={data} pending={vehicleId !== null && track.isPending} />
          {vehicleId !== null ? <MomentPanel vehicleId={vehicleId} playback={playback} /> : null}
          {data ? <DayEvents track={data} onSeek={playback.seek} /> : null}
        </div>
      </div>
      {vehicleId !== null ? (
        <MileageStrip
          vehicleId={vehicleId}
          day={day}
          onPick={(d) => {
            choose({ day: d });
          }}
        />
      ) : null}
    </div>
  );
}

function MapNote({ children }: { children: ReactNode }) {
  return <div className="rounded-lg bg-white/95 px-4 py-2.5 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200">{children}</div>;
}

function DayPicker({ day, onChange }: { day: string; onChange: (day: string) => void }) {
  const { t } = useTranslation('locus');
  const id = useId();
  const today = utcToday();
  return (
    <div className="flex items-end gap-1">
      <Button variant="secondary" size="sm" className="h-10" aria-label={t('day.previous')} onClick={() => { onChange(addDays(day, -1)); }}>
        <ChevronLeftIcon className="size-4" />
      </Button>
      <div>
        <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
          {t('day.label')}
        </label>
        <TextInput
          id={id}
          type="date"
          value={day}
          max={today}
          onChange={(e) => {
            const next = parseDay(e.target.value);
            if (next) onChange(next);
          }}
          className="w-40"
        />
      </div>
      <Button variant="secondary" size="sm" className="h-10" aria-label={t('day.next')} disabled={day >= today} onClick={() => { onChange(addDays(day, 1)); }}>
        <ChevronRightIcon className="size-4" />
      </Button>
    </div>
  );
}

function DaySummary({ track, pending }: { track: DayTrack | undefined; pending: boolean }) {
  const { t } = useTranslation('locus');
  const rows: [string, string, string][] = track
    ? [
        ['km', t('field.km'), km(track.meters)],
        ['driving', t('field.drivingTime'), formatDuration(track.movingSeconds)],
        ['stops', t('field.stops'), String(track.stops.length)],
        ['speeding', t('field.speeding'), String(track.speeding.length)],
        ['alarms', t('field.alarms'), String(track.alarms.length)],
        ['fixes', t('field.fixes'), String(track.total)],
      ]
    : [];
  return (
    <Panel title={track ? t('summary.titleOf', { plate: track.plate, day: track.day }) : t('summary.title')}>
      <div className="p-4" data-testid="day-summary">
        {pending ? (
          <LoadingState className="py-4" />
        ) : track ? (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm">
            {rows.map(([key, label, value]) => (
              <div key={key} className="contents">
                <dt className="text-slate-500">{label}</dt>
                <dd className="font-medium text-slate-900 tabular-nums" data-testid={`summary-${key}`}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-sm text-slate-500">{t('playback.chooseVehicle')}</p>
        )}
      </div>
    </Panel>
  );
}

/** The markers and colours of the playback map, in a line under it. */
function TrackLegend() {
  const { t } = useTranslation('locus');
  const items: [string, string][] = [
    ['#16a34a', t('legend.start')],
    ['#0f172a', t('legend.end')],
    ['#2563eb', t('legend.stop')],
    ['#dc2626', t('legend.alarm')],
    ['#ef4444', t('legend.speeding')],
    ['#f97316', t('legend.vehicle')],
  ];
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label={t('legend.label')}>
      {items.map(([color, label]) => (
        <li key={label} className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-full" style={{ backgroundColor: color }} aria-hidden="true" />
          {label}
        </li>
      ))}
    </ul>
  );
}

/** The consumption monitor: km of the 30 days up to the chosen one; a bar picks its day. */
function MileageStrip({ vehicleId, day, onPick }: { vehicleId: number; day: string; onPick: (day: string) => void }) {
  const { t } = useTranslation('locus');
  const endDate = utcToday();
  const startDate = addDays(endDate, -(STRIP_DAYS - 1));
  const mileage = useMileageHistogram({ vehicleId, startDate, endDate });
  const days = mileage.data ?? [];
  const total = days.reduce((sum, d) => sum + d.km, 0);
  return (
    <Panel title={t('strip.title')} actions={mileage.data ? <span className="text-sm text-slate-600 tabular-nums">{t('strip.total', { km: total.toFixed(1) })}</span> : null}>
      <div className="p-4" data-testid="mileage-strip">
        {mileage.isPending ? (
          <LoadingState className="py-6" />
        ) : mileage.isError ? (
          <ErrorState message={t('strip.failed')} onRetry={() => void mileage.refetch()} />
        ) : days.every((d) => d.km === 0) ? (
          <EmptyState title={t('strip.empty')} className="py-6" />
        ) : (
          <KmChart days={days} selectedDay={day} onPick={onPick} caption={t('strip.title')} />
        )}
      </div>
    </Panel>
  );
}
