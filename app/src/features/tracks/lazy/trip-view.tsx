/**
 * locus/tripView/:id (Trip view): a trip's track (`/web/car/itinerary` over its start..end) with its stops, played
 * like a day. There is no call answering one trip by id, so the trip list passes the vehicle, plate, start and end in
 * the query string; without them the view says to open a trip from the list.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { Panel, ViewPage } from '@/components/crud/view';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { formatDateTime, formatDuration } from '@/lib/format';
import { useItinerary } from '../api/get-itinerary';
import { km, lineOf, TRACK_COLOR, trackMarkers } from '../playback';
import { PlaybackControls } from '../components/playback-controls';
import { TrackMap } from '../components/track-map';
import { usePlayback } from '../components/use-playback';

/** The most fixes asked for one trip (the call's ceiling is 10,000). */
const MAX_POINTS = 5000;

export default function TripView({ route, params }: MenuViewProps) {
  const { t } = useTranslation('locus');
  const { lang } = useApp();
  const [query] = useSearchParams();
  const vehicleId = Number(query.get('vehicleId')) || null;
  const start = query.get('start') ?? '';
  const end = query.get('end') ?? '';
  const known = vehicleId !== null && !Number.isNaN(Date.parse(start)) && !Number.isNaN(Date.parse(end));
  const itinerary = useItinerary({ vehicleId: vehicleId ?? 0, start, end, maxPoints: MAX_POINTS }, known);
  const data = itinerary.data;
  const points = data?.points ?? [];
  const playback = usePlayback(points, `${params.id ?? ''}:${start}`);
  const plate = data?.plate ?? query.get('plate') ?? '';
  return (
    <ViewPage title={known ? t('trip.titleOf', { plate, start: formatDateTime(start) }) : menuTitle(route, lang)}>
      {!known ? (
        <Panel>
          <EmptyState title={t('trip.unknown')} />
        </Panel>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_320px]">
          <div className="min-w-0 space-y-3">
            <TrackMap
              lines={[{ id: 'trip', color: TRACK_COLOR, coords: lineOf(points) }]}
              markers={trackMarkers(points, data?.stops ?? [])}
              vehicle={playback.moment}
              follow={playback.playing}
              fitKey={`${params.id ?? ''}:${String(points.length > 0)}`}
              overlay={
                itinerary.isPending ? (
                  <LoadingState className="rounded-lg bg-white/95 py-2.5" />
                ) : itinerary.isError ? (
                  <ErrorState className="rounded-lg bg-white/95 py-2.5" message={t('trip.failed')} onRetry={() => void itinerary.refetch()} />
                ) : points.length === 0 ? (
                  <p className="rounded-lg bg-white/95 px-4 py-2.5 text-sm text-slate-600 shadow-sm">{t('trip.noFixes')}</p>
                ) : null
              }
            />
            <PlaybackControls playback={playback} />
          </div>
          <Panel title={t('trip.summary')}>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1.5 p-4 text-sm" data-testid="trip-summary">
              <dt className="text-slate-500">{t('field.started')}</dt>
              <dd className="font-medium text-slate-900 tabular-nums">{formatDateTime(start)}</dd>
              <dt className="text-slate-500">{t('field.ended')}</dt>
              <dd className="font-medium text-slate-900 tabular-nums">{formatDateTime(end)}</dd>
              <dt className="text-slate-500">{t('field.duration')}</dt>
              <dd className="font-medium text-slate-900 tabular-nums">{formatDuration((Date.parse(end) - Date.parse(start)) / 1000)}</dd>
              <dt className="text-slate-500">{t('field.km')}</dt>
              <dd className="font-medium text-slate-900 tabular-nums">{data ? km(data.meters) : '…'}</dd>
              <dt className="text-slate-500">{t('field.stops')}</dt>
              <dd className="font-medium text-slate-900 tabular-nums">{data ? data.stops.length : '…'}</dd>
            </dl>
          </Panel>
        </div>
      )}
    </ViewPage>
  );
}
