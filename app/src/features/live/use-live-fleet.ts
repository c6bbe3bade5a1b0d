/**
 * The signed-in map's data: the fleet from watchList4 (map subset) in a throttled store, kept live by the websocket;
 * alarms heard live in their own store. A resync (the socket came back) asks watchList4 only for what changed since
 * the version held (`since`) and refetches the other vehicle queries. Nothing runs on the server or for visitors
 * (`enabled` false).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

import { useApp } from '@/lib/app-context';
import { feedback } from '@/lib/feedback';
import { getWatchList, useWatchList, vehiclesKey } from '@/features/vehicles';
import { createAlarmStore, NO_ALARMS } from './alarm-store';
import { createFleetStore, EMPTY_FLEET } from './fleet-store';
import { listenLive } from './live-hub';
import { socketUrl, type LiveStatus } from './live-socket';
import { alarmKindKey, type LiveAlarm } from './protocol';

const MAP_SUBSET = { data_volume: 1 } as const;

export function useLiveFleet(enabled: boolean, token: string | null) {
  const { t } = useTranslation('map');
  const { brand } = useApp();
  const queryClient = useQueryClient();
  const [fleet] = useState(() => createFleetStore());
  const [alarms] = useState(() => createAlarmStore());
  const [status, setStatus] = useState<LiveStatus | 'off'>('off');
  const watch = useWatchList(MAP_SUBSET, enabled);
  const toastText = useRef((a: LiveAlarm) => t('live.toast', { plate: a.plate, kind: t(`alarmKind.${alarmKindKey(a.kind)}`) }));

  useEffect(() => {
    toastText.current = (a) => t('live.toast', { plate: a.plate, kind: t(`alarmKind.${alarmKindKey(a.kind)}`) });
  }, [t]);

  // The feed version the store holds, for deltas.
  const version = useRef<string | null>(null);

  useEffect(() => {
    if (!watch.data) return;
    fleet.load(watch.data.entries);
    version.current = watch.data.version;
  }, [fleet, watch.data]);

  useEffect(() => {
    if (!enabled || token === null) return;
    const stop = listenLive(socketUrl(brand.wsUrl, window.location, token), {
      onVehicle: (data) => {
        fleet.apply(data);
      },
      onAlarm: (alarm) => {
        alarms.add(alarm);
        // every change is listed; only a new critical alarm interrupts with a toast (storms stay readable)
        if (alarm.state === 0 && alarm.level >= 2) feedback.toast({ type: 'error', message: { text: toastText.current(alarm) }, closable: true });
        void queryClient.invalidateQueries({ queryKey: [...vehiclesKey, 'statistics'] });
      },
      onResync: () => {
        void queryClient.invalidateQueries({ queryKey: vehiclesKey, predicate: (q) => q.queryKey[1] !== 'watch' });
        const since = version.current;
        void getWatchList(since === null ? MAP_SUBSET : { ...MAP_SUBSET, since })
          .then((answer) => {
            if (answer.delta) fleet.merge(answer);
            else fleet.load(answer.entries);
            version.current = answer.version;
          })
          .catch(() => {
            // the next resync or a reload asks again
          });
      },
      onStatus: setStatus,
    });
    return () => {
      stop();
      setStatus('off');
    };
  }, [enabled, token, brand.wsUrl, fleet, alarms, queryClient]);

  useEffect(() => () => {
    fleet.dispose();
  }, [fleet]);

  const snapshot = useSyncExternalStore(
    (l) => fleet.subscribe(l),
    () => fleet.getSnapshot(),
    () => EMPTY_FLEET,
  );
  const liveAlarms = useSyncExternalStore(
    (l) => alarms.subscribe(l),
    () => alarms.getSnapshot(),
    () => NO_ALARMS,
  );
  return { snapshot, alarms: liveAlarms, status, watch };
}
