/**
 * locus/tripList (Trip list): trips that started in a range (`/web/car/trip_management`), by plate and a least
 * distance, newest first; each opens its track (locus/tripView/:id); every page exports.
 */
import { useTranslation } from 'react-i18next';

import { ResourceView } from '@/components/crud/resource-view';
import { AppLink } from '@/components/ui/app-link';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { formatDateTime, formatDuration, orUndefined } from '@/lib/format';
import type { TripRequest, TripRow } from '@/lib/api-types';
import { getTrips, tripsKey } from '../api/get-trips';
import { addDays, dayRange, parseDay, utcToday } from '../playback';
import { useTrackLinks } from '../components/track-links';

/** The filters as the call takes them; an empty or broken day falls back to the last seven days. */
function toParams(v: Record<string, string>): Omit<TripRequest, 'page' | 'pageSize'> {
  const today = utcToday();
  const from = parseDay(v.from) ?? addDays(today, -6);
  const to = parseDay(v.to) ?? today;
  const minKm = Number(v.minKm);
  return { ...dayRange(from, to), keyword: orUndefined(v.keyword), minKm: v.minKm && Number.isFinite(minKm) && minKm > 0 ? minKm : undefined };
}

export default function TripListView({ route }: MenuViewProps) {
  const { t } = useTranslation('locus');
  const { lang } = useApp();
  const links = useTrackLinks();
  const today = utcToday();
  const speed = (v: number) => t('moment.kmh', { speed: Math.round(v) });
  const columns = [
    { key: 'plate', header: t('field.plate'), primary: true, cell: (r: TripRow) => r.plate },
    { key: 'start', header: t('field.started'), cell: (r: TripRow) => formatDateTime(r.startedAt) },
    { key: 'end', header: t('field.ended'), cell: (r: TripRow) => formatDateTime(r.endedAt) },
    { key: 'duration', header: t('field.duration'), align: 'right' as const, cell: (r: TripRow) => formatDuration(r.seconds) },
    { key: 'km', header: t('field.km'), align: 'right' as const, cell: (r: TripRow) => r.km.toFixed(1) },
    { key: 'max', header: t('field.maxSpeed'), align: 'right' as const, hideOnMobile: true, cell: (r: TripRow) => speed(r.maxSpeed) },
    { key: 'avg', header: t('field.avgSpeed'), align: 'right' as const, hideOnMobile: true, cell: (r: TripRow) => speed(r.avgSpeed) },
  ];
  return (
    <ResourceView<TripRow, Omit<TripRequest, 'page' | 'pageSize'>, object, number>
      title={menuTitle(route, lang)}
      testId="trips"
      queryKey={tripsKey}
      fetchPage={getTrips}
      toParams={toParams}
      initialSearch={{ keyword: '', from: addDays(today, -6), to: today, minKm: '' }}
      searchFields={[
        { name: 'keyword', label: t('field.plate') },
        { name: 'from', label: t('range.from'), type: 'date' },
        { name: 'to', label: t('range.to'), type: 'date' },
        { name: 'minKm', label: t('trips.minKm'), type: 'number' },
      ]}
      columns={columns}
      rowKey={(r) => r.id}
      rowLabel={(r) => r.plate}
      selectable={false}
      rowActions={(r) => {
        const to = links.trip(r);
        return to ? (
          <AppLink to={to} className="text-accent px-1.5 py-1 text-sm font-medium hover:underline">
            {t('trips.view')}
          </AppLink>
        ) : null;
      }}
      texts={{ loadFailed: t('trips.failed'), empty: t('trips.empty') }}
      exportName="trips"
      exportColumns={[
        { header: t('field.plate'), value: (r) => r.plate },
        { header: t('field.started'), value: (r) => formatDateTime(r.startedAt) },
        { header: t('field.ended'), value: (r) => formatDateTime(r.endedAt) },
        { header: t('field.duration'), value: (r) => formatDuration(r.seconds) },
        { header: t('field.km'), value: (r) => Number(r.km.toFixed(1)) },
        { header: t('field.maxSpeed'), value: (r) => Math.round(r.maxSpeed) },
        { header: t('field.avgSpeed'), value: (r) => Math.round(r.avgSpeed) },
        { header: t('field.startPosition'), value: (r) => `${r.startLon.toFixed(6)}, ${r.startLat.toFixed(6)}` },
        { header: t('field.endPosition'), value: (r) => `${r.endLon.toFixed(6)}, ${r.endLat.toFixed(6)}` },
      ]}
    />
  );
}
