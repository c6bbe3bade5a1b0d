/**
 * One websocket per URL for the whole page, shared by everything that listens (the map's fleet, the header bell, the
 * work discussions): the first listener opens it, the last one to leave closes it. A listener joining later is told
 * the current status at once. Browser only: listeners join from effects.
 */
import { connectLive, type LiveHandlers, type LiveStatus } from './live-socket';

export type LiveListener = Partial<LiveHandlers>;

interface Shared {
  listeners: Set<LiveListener>;
  status: LiveStatus;
  stop: () => void;
}

const connections = new Map<string, Shared>();

/** Listens on the page's connection to `url` until the returned function is called. `connect` is for tests. */
export function listenLive(url: string, listener: LiveListener, connect: typeof connectLive = connectLive): () => void {
  let shared = connections.get(url);
  if (!shared) {
    const listeners = new Set<LiveListener>();
    const entry: Shared = { listeners, status: 'connecting', stop: () => undefined };
    connections.set(url, entry);
    entry.stop = connect(url, {
      onVehicle: (data) => {
        for (const l of listeners) l.onVehicle?.(data);
      },
      onAlarm: (alarm) => {
        for (const l of listeners) l.onAlarm?.(alarm);
      },
      onMessage: (message) => {
        for (const l of listeners) l.onMessage?.(message);
      },
      onWork: (event) => {
        for (const l of listeners) l.onWork?.(event);
      },
      onResync: () => {
        for (const l of listeners) l.onResync?.();
      },
      onStatus: (status) => {
        entry.status = status;
        for (const l of listeners) l.onStatus?.(status);
      },
    });
    shared = entry;
  }
  const joined = shared;
  joined.listeners.add(listener);
  listener.onStatus?.(joined.status);
  return () => {
    joined.listeners.delete(listener);
    if (joined.listeners.size === 0 && connections.get(url) === joined) {
      connections.delete(url);
      joined.stop();
    }
  };
}
