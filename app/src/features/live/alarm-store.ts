/** The alarms heard over the websocket this session, newest first (at most 50), outside React state. */
import type { LiveAlarm } from './protocol';

export const MAX_LIVE_ALARMS = 50;

/** An alarm change onto the list: the same alarm id is replaced and moves to the top. Pure. */
export function addAlarm(list: readonly LiveAlarm[], alarm: LiveAlarm): LiveAlarm[] {
  return [alarm, ...list.filter((a) => a.id !== alarm.id)].slice(0, MAX_LIVE_ALARMS);
}

export interface AlarmStore {
  add(alarm: LiveAlarm): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly LiveAlarm[];
}

export const NO_ALARMS: readonly LiveAlarm[] = [];

export function createAlarmStore(): AlarmStore {
  let list: readonly LiveAlarm[] = NO_ALARMS;
  const listeners = new Set<() => void>();
  return {
    add(alarm) {
      list = addAlarm(list, alarm);
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => list,
  };
}
