/**
 * The public page of a share link (`/mf/P<code>`, `/mf/<vehicleId>?code=…`): plate, state, position, speed, last
 * report, the wheel diagram and the active alarms. Server-rendered from the host's route data (readable without
 * JavaScript), then refreshed every 30 s. A link that shows nothing gets the "expired or not shared" notice (404).
 */
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';

import { LinkButton } from '@/components/ui/button';
import { MapIcon } from '@/components/ui/icons';
import { Badge } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { formatLonLat } from '@/lib/geo';
import { paths } from '@/lib/paths';
import { alarmKindKey, alarmWheelName } from '@/features/live';
import { useUnits } from '@/features/settings';
import { deriveState, parseAxleLayout, STATE_TONES, UnitSwitch, useWheelNames, WheelDiagram } from '@/features/vehicles';
import { useSharedVehicle } from '../api/get-shared-vehicle';
import { sharedFromData, type SharedVehicle } from '../types';
import { useShareTime } from './use-share-time';

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <div className="contents">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 text-slate-800 tabular-nums">{children === '' ? '—' : children}</dd>
    </div>
  );
}

export function SharePage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const { data } = useApp();
  const code = search.get('code') ?? undefined;
  const { vehicle, stale } = useSharedVehicle({ id, code }, sharedFromData(data));
  // a link revoked while open stops showing the vehicle at the next refresh
  if (!vehicle) return <NotShared />;
  return <SharedVehicleView v={vehicle} stale={stale} />;
}

function NotShared() {
  const { t } = useTranslation('share');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center" data-testid="share-missing">
      <h1 className="text-xl font-semibold text-slate-900">{t('missing.title')}</h1>
      <p className="mt-3 text-sm leading-6 text-slate-600">{t('missing.body')}</p>
      <LinkButton to={paths.map} variant="secondary" className="mt-8">
        <MapIcon className="size-4" />
        {t('missing.back')}
      </LinkButton>
    </section>
  );
}

function SharedVehicleView({ v, stale }: { v: SharedVehicle; stale: boolean }) {
  const { t } = useTranslation('share');
  const { t: tf } = useTranslation('fleet');
  const { t: tm } = useTranslation('map');
  const units = useUnits();
  const names = useWheelNames();
  const wheelsPerAxle = parseAxleLayout(v.axleLayout);
  const time = useShareTime();
  const s = v.state;
  const state = deriveState(s ?? { offline: true });
  const fix = typeof s?.lat === 'number' && typeof s.lon === 'number' ? formatLonLat([s.lon, s.lat]) : '';
  return (
    <article className="mx-auto max-w-4xl space-y-6 px-4 py-8" data-testid="share-page">
      <header className="space-y-1">
        <p className="text-sm text-slate-500">{t('page.heading')}</p>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold text-slate-900" data-testid="share-plate">
            {v.plate}
          </h1>
          <Badge tone={STATE_TONES[state]}>{tf(`state.${state}`)}</Badge>
        </div>
        <p className="text-xs text-slate-500">
          {stale ? t('page.stale') : t('page.live')} · {t('page.expires', { time: time(v.expiresAt) })}
        </p>
      </header>
      <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-1.5 text-sm md:grid-cols-[minmax(6rem,auto)_1fr_minmax(6rem,auto)_1fr]">
        <Fact label={t('page.position')}>{fix}</Fact>
        <Fact label={t('page.place')}>{s?.address ?? ''}</Fact>
        <Fact label={t('page.speed')}>{s ? t('page.speedValue', { speed: Math.round(s.speed) }) : ''}</Fact>
        <Fact label={t('page.lastReport')}>{s?.finalTime ? time(s.finalTime) : t('page.noReport')}</Fact>
      </dl>
      <section className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-base font-semibold text-slate-900">{t('page.wheels')}</h2>
          <UnitSwitch units={units} />
        </div>
        <WheelDiagram axleLayout={v.axleLayout} wheels={v.wheels} limits={v.limits} pressureUnit={units.pressure} tempUnit={units.temp} />
      </section>
      <section className="space-y-2">
        <h2 className="text-base font-semibold text-slate-900">{t('page.alarms')}</h2>
        {v.alarms.length === 0 ? (
          <p className="text-sm text-slate-500">{t('page.noAlarms')}</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200" data-testid="share-alarms">
            {v.alarms.map((a) => (
              <li key={`${String(a.kind)}-${String(a.position)}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
                <span className={a.level >= 2 ? 'font-medium text-red-700' : 'font-medium text-amber-700'}>
                  {tm(`alarmKind.${alarmKindKey(a.kind)}`)} · {tm(`alarmLevel.${a.level >= 2 ? '2' : '1'}`)}
                </span>
                <span className="text-slate-600">{alarmWheelName(a.kind, a.position, wheelsPerAxle, names) ?? t('page.vehicleWide')}</span>
                <span className="ml-auto text-xs text-slate-500 tabular-nums">{time(a.startedAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
