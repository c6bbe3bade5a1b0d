/**
 * The day's stops, speeding stretches and alarms as a list in time order (what the map's markers and red stretches
 * show, in words and for keyboards); each moves the playback to its moment.
 */
import { useTranslation } from 'react-i18next';

import { Panel } from '@/components/crud/view';
import { alarmKindKey, alarmWheelName } from '@/features/live';
import { useVehicleAxles, useWheelNames } from '@/features/vehicles';
import type { DayTrack } from '@/lib/api-types';
import { formatDuration, formatTime } from '@/lib/format';

interface DayEvent {
  key: string;
  at: string;
  kind: 'stop' | 'speeding' | 'alarm';
  text: string;
}

const DOT = { stop: 'bg-blue-600', speeding: 'bg-red-500', alarm: 'bg-red-600' } as const;

export function DayEvents({ track, onSeek }: { track: DayTrack; onSeek: (ms: number) => void }) {
  const { t } = useTranslation(['locus', 'map']);
  const names = useWheelNames();
  const { wheelsPerAxle } = useVehicleAxles(track.vehicleId);
  const alarmText = (kind: number, position: number) => {
    const name = t(`map:alarmKind.${alarmKindKey(kind)}`);
    const wheel = alarmWheelName(kind, position, wheelsPerAxle, names);
    return wheel === null ? name : t('events.alarmAt', { kind: name, wheel });
  };
  const events: DayEvent[] = [
    ...track.stops.map((s) => ({ key: `stop-${s.start}`, at: s.start, kind: 'stop' as const, text: t('events.stop', { duration: formatDuration(s.seconds) }) })),
    ...track.speeding.map((s) => ({
      key: `speeding-${s.start}`,
      at: s.start,
      kind: 'speeding' as const,
      text: t('events.speeding', { speed: Math.round(s.maxSpeed), until: formatTime(s.end) }),
    })),
    ...track.alarms.map((a) => ({
      key: `alarm-${String(a.id)}`,
      at: a.startedAt,
      kind: 'alarm' as const,
      text: alarmText(a.kind, a.position),
    })),
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  if (events.length === 0) return null;
  return (
    <Panel title={t('events.title')}>
      <ul className="max-h-72 divide-y divide-slate-100 overflow-auto" data-testid="day-events">
        {events.map((e) => (
          <li key={e.key}>
            <button
              type="button"
              className="flex min-h-11 w-full items-center gap-3 px-4 py-2 text-left text-sm hover:bg-slate-50"
              onClick={() => {
                onSeek(Date.parse(e.at));
              }}
              data-kind={e.kind}
            >
              <span className={`size-2.5 shrink-0 rounded-full ${DOT[e.kind]}`} aria-hidden="true" />
              <span className="w-16 shrink-0 text-slate-500 tabular-nums">{formatTime(e.at)}</span>
              <span className="min-w-0 flex-1 text-slate-800">{e.text}</span>
            </button>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
