/**
 * The alarms open now in the caller's scope (active and acknowledged, critical first, then newest), kept current by
 * what the websocket brings; each can be acknowledged or cleared right here, or open a work order on its wheel.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Badge, ErrorState } from '@/components/ui/states';
import { formatDateTime } from '@/lib/format';
import { AlarmWheelLabel, alarmKindKey, type LiveAlarm } from '@/features/live';
import { useIncidents, useSubmitAlarm, type AlarmAction } from '@/features/reports';
import { OpenOrderLink, orderPosition } from '@/features/work';
import { openAlarms, type OpenAlarm } from '../open-alarms';

/** The most the panel lists; the count says how many more there are (the alarm views list them all). */
const LISTED = 50;
const OPEN = { open: true, order: 'severity', page: 1, pageSize: LISTED } as const;

export function AlarmList({ alarms, onSelect }: { alarms: readonly LiveAlarm[]; onSelect: (carId: number) => void }) {
  const { t } = useTranslation('map');
  const listed = useIncidents(OPEN);
  const submit = useSubmitAlarm();
  const open = useMemo(() => openAlarms(listed.data?.list ?? [], listed.data?.total ?? 0, alarms), [listed.data, alarms]);
  const act = (a: OpenAlarm, state: AlarmAction) => {
    submit.mutate({ id: a.id, state });
  };
  return (
    <section aria-labelledby="live-alarms" className="border-b border-slate-100 px-4 py-3">
      <h2 id="live-alarms" className="text-sm font-semibold text-slate-900">
        {t('live.openAlarms', { n: open.total })}
      </h2>
      {listed.isError ? (
        <ErrorState message={t('live.alarmsFailed')} onRetry={() => void listed.refetch()} className="py-2" />
      ) : open.list.length === 0 ? (
        <p className="mt-1 text-xs text-slate-500">{listed.isPending ? t('fleetLoading') : t('live.noAlarms')}</p>
      ) : (
        <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto" data-testid="live-alarms">
          {open.list.map((a) => (
            <li key={a.id} className="flex items-start gap-1" data-alarm-id={a.id} data-level={a.level}>
              <button
                type="button"
                onClick={() => {
                  onSelect(a.vehicleId);
                }}
                className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-0.5 rounded px-1 py-1 text-left text-sm hover:bg-slate-50"
              >
                <span className="font-medium text-slate-900">{a.plate}</span>
                <span className={a.level >= 2 ? 'text-red-700' : 'text-amber-700'}>
                  {t(`alarmKind.${alarmKindKey(a.kind)}`)} · {t(`alarmLevel.${a.level >= 2 ? '2' : '1'}`)}
                </span>
                <AlarmWheelLabel kind={a.kind} position={a.position} vehicleId={a.vehicleId} wheelsPerAxle={a.wheelsPerAxle} className="text-xs text-slate-500" />
                <Badge tone={a.state === 1 ? 'amber' : 'red'}>{t(a.state === 1 ? 'alarmState.1' : 'alarmState.0')}</Badge>
                <span className="w-full text-xs text-slate-400 tabular-nums">{formatDateTime(a.startedAt)}</span>
              </button>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <div className="flex gap-1">
                  {a.state === 0 ? (
                    <Button size="xs" variant="secondary" disabled={submit.isPending} onClick={() => { act(a, 1); }} aria-label={t('live.ackNamed', { plate: a.plate })}>
                      {t('live.ack')}
                    </Button>
                  ) : null}
                  <Button size="xs" variant="secondary" disabled={submit.isPending} onClick={() => { act(a, 2); }} aria-label={t('live.clearNamed', { plate: a.plate })}>
                    {t('live.clear')}
                  </Button>
                </div>
                <OpenOrderLink compact prefill={{ vehicleId: a.vehicleId, plate: a.plate, alarmId: a.id, positions: alarmPositions(a) }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The wheel an order opened on the alarm is about (a geofence alarm's `position` is the fence). */
function alarmPositions(a: OpenAlarm): string[] | undefined {
  const wheel = alarmKindKey(a.kind) === 'geofence' ? null : orderPosition(a.position);
  return wheel ? [wheel] : undefined;
}
