/** Alarms heard over the websocket since the page opened, newest first; each can open a work order on its vehicle and wheel. */
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/states';
import { formatDateTime } from '@/lib/format';
import { AlarmWheelLabel, alarmKindKey, type LiveAlarm } from '@/features/live';
import { OpenOrderLink, orderPosition } from '@/features/work';

const STATE_TONE = { 0: 'red', 1: 'amber', 2: 'green' } as const;

export function AlarmList({ alarms, onSelect }: { alarms: readonly LiveAlarm[]; onSelect: (carId: number) => void }) {
  const { t } = useTranslation('map');
  return (
    <section aria-labelledby="live-alarms" className="border-b border-slate-100 px-4 py-3">
      <h2 id="live-alarms" className="text-sm font-semibold text-slate-900">
        {t('live.alarms')}
      </h2>
      {alarms.length === 0 ? (
        <p className="mt-1 text-xs text-slate-500">{t('live.noAlarms')}</p>
      ) : (
        <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto" data-testid="live-alarms">
          {alarms.map((a) => (
            <li key={a.id} className="flex items-start gap-1">
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
                <AlarmWheelLabel kind={a.kind} position={a.position} vehicleId={a.vehicleId} className="text-xs text-slate-500" />
                <Badge tone={STATE_TONE[a.state === 1 || a.state === 2 ? a.state : 0]}>{t(`alarmState.${a.state === 1 || a.state === 2 ? String(a.state) : '0'}` as 'alarmState.0')}</Badge>
                <span className="w-full text-xs text-slate-400 tabular-nums">{formatDateTime(a.startedAt)}</span>
              </button>
              <OpenOrderLink compact prefill={{ vehicleId: a.vehicleId, plate: a.plate, alarmId: a.id, positions: alarmPositions(a) }} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The wheel an order opened on the alarm is about (a geofence alarm's `position` is the fence). */
function alarmPositions(a: LiveAlarm): string[] | undefined {
  const wheel = alarmKindKey(a.kind) === 'geofence' ? null : orderPosition(a.position);
  return wheel ? [wheel] : undefined;
}
