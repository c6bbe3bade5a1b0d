/**
 * The signed-in map's data: the fleet from watchList4 (map subset) in a throttled store, kept live by the websocket;
 * alarms heard live in their own store; a resync refetches watchList4 and statistics. Nothing runs on the server
 * or for visitors (`enabled` false).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

import { useApp } from '@/lib/app-context';
import { feedback } from '@/lib/feedback';
import { useWatchList, vehiclesKey } from '@/features/vehicles';
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

  useEffect(() => {
    if (watch.data) fleet.load(watch.data.entries);
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
        void queryClient.invalidateQueries({ queryKey: vehiclesKey });
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
