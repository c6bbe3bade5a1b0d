/**
 * The selected vehicle over the map: plate, state, speed, last report, position (6 decimals), follow, and the wheel
 * diagram with live readings (getSensor again whenever a live frame changes the vehicle), and "open work order" on it.
 */
import { useTranslation } from 'react-i18next';

import { cx } from '@/components/ui/cx';
import { CloseIcon } from '@/components/ui/icons';
import { Badge } from '@/components/ui/states';
import { formatDateTime, orUndefined } from '@/lib/format';
import { formatLonLat } from '@/lib/geo';
import { type FleetVehicle, STATE_TONES } from '@/features/vehicles';
import { TrackPlaybackLink } from '@/features/tracks';
import { OpenOrderLink } from '@/features/work';
import { markerState } from '../fleet-view';
import { LiveWheels } from './live-wheels';

interface VehiclePanelProps {
  vehicle: FleetVehicle;
  /** false for the sample fleet: nothing to ask the server */
  live: boolean;
  /** The fleet snapshot's version: a new one that changed this vehicle refreshes the wheels. */
  changedVersion: number;
  follow: boolean;
  onFollow: (follow: boolean) => void;
  onClose: () => void;
}

function Row({ label, children }: { label: string; children: string }) {
  return (
    <div className="contents">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-slate-800 tabular-nums">{children}</dd>
    </div>
  );
}

export function VehiclePanel({ vehicle: v, live, changedVersion, follow, onFollow, onClose }: VehiclePanelProps) {
  const { t } = useTranslation('map');
  const state = markerState(v);
  const gps = v.gps;
  // live frames carry the report time (ft); the map subset of watchList4 only the last fix (gp.t)
  const lastReport = v.finalTime ?? (gps && gps.created > 0 ? gps.created : null);
  return (
    <section aria-label={v.plate} className="space-y-3 border-b border-slate-100 px-4 py-4" data-testid="vehicle-panel">
      <div className="flex items-center gap-2">
        <h2 className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900">{v.plate}</h2>
        <Badge tone={STATE_TONES[state]}>{t(`state.${state}`)}</Badge>
        <button type="button" aria-label={t('vehicle.close')} title={t('vehicle.close')} onClick={onClose} className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900">
          <CloseIcon className="size-4" />
        </button>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <Row label={t('vehicle.speed')}>{t('list.speed', { speed: gps?.speed ?? 0 })}</Row>
        <Row label={t('vehicle.lastReport')}>{lastReport ? formatDateTime(lastReport) : '—'}</Row>
        <Row label={t('vehicle.position')}>{gps ? formatLonLat([gps.lon, gps.lat]) : t('vehicle.noPosition')}</Row>
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          aria-pressed={follow}
          onClick={() => {
            onFollow(!follow);
          }}
          className={cx('h-8 rounded-md px-3 text-sm font-medium ring-1', follow ? 'bg-accent ring-accent text-white' : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50')}
        >
          {follow ? t('vehicle.following') : t('vehicle.follow')}
        </button>
        {live ? <TrackPlaybackLink vehicleId={v.carId} /> : null}
        {live ? <OpenOrderLink prefill={{ vehicleId: v.carId, plate: v.plate, lat: gps?.lat, lon: gps?.lon, address: orUndefined(gps?.address) }} /> : null}
      </div>
      {live ? <LiveWheels carId={v.carId} changedVersion={changedVersion} /> : null}
    </section>
  );
}
