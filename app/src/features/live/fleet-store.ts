/**
 * The live fleet outside React state: watchList4 entries (short keys) by carId, vehicle frames merged in, and
 * listeners told at most once per throttle window (console-spec §4/§9: vehicle refresh 2000 ms) so 30,000 vehicles
 * reporting do not re-render the page on every frame. The merge is pure; the store takes its timers as arguments.
 */
import { type FleetVehicle, fromWatchEntry, type Raw, type WatchAnswer } from '@/features/vehicles';

export const VEHICLE_THROTTLE_MS = 2000;

const isObj = (v: unknown): v is Raw => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A vehicle frame onto an entry: every key the frame names replaces the entry's (explicit zeros clear flags), the
 * nested `gp`/`ta` objects merge key by key, and `null` removes a key.
 */
export function mergeEntry(base: Raw, delta: Raw): Raw {
  const out = new Map(Object.entries(base));
  for (const [key, value] of Object.entries(delta)) {
    const prev = base[key];
    if (value === null) out.delete(key);
    else if (isObj(value) && isObj(prev)) out.set(key, { ...prev, ...value });
    else out.set(key, value);
  }
  return Object.fromEntries(out);
}

export interface FleetSnapshot {
  /** Bumped on every notification. */
  version: number;
  vehicles: readonly FleetVehicle[];
  /** carIds changed since the previous snapshot (every id after a load). */
  changed: ReadonlySet<number>;
}

export interface Timers {
  now: () => number;
  set: (fn: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const browserTimers: Timers = {
  now: () => Date.now(),
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => {
    clearTimeout(h as ReturnType<typeof setTimeout>);
  },
};

export interface FleetStore {
  /** Replaces the fleet (a watchList4 answer); listeners are told at once. */
  load(entries: readonly Raw[]): void;
  /** Applies a watchList4 delta (changed entries replace theirs, removed ids go, follows are re-marked); told at once. */
  merge(delta: Pick<WatchAnswer, 'entries' | 'removed' | 'followed'>): void;
  /** Merges a vehicle frame; listeners are told at the end of the throttle window. */
  apply(delta: Raw): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): FleetSnapshot;
  dispose(): void;
}

export const EMPTY_FLEET: FleetSnapshot = { version: 0, vehicles: [], changed: new Set() };

export function createFleetStore(throttleMs = VEHICLE_THROTTLE_MS, timers: Timers = browserTimers): FleetStore {
  const entries = new Map<number, Raw>();
  const vehicles = new Map<number, FleetVehicle>();
  const pending = new Set<number>();
  const listeners = new Set<() => void>();
  let snapshot = EMPTY_FLEET;
  let timer: unknown = null;
  let lastNotify = -Infinity;

  function publish(changed: ReadonlySet<number>) {
    snapshot = { version: snapshot.version + 1, vehicles: [...vehicles.values()], changed };
    lastNotify = timers.now();
    for (const l of listeners) l();
  }

  function flush() {
    timer = null;
    if (pending.size === 0) return;
    const changed = new Set(pending);
    pending.clear();
    for (const id of changed) {
      const raw = entries.get(id);
      if (raw) vehicles.set(id, fromWatchEntry(raw));
    }
    publish(changed);
  }

  return {
    load(list) {
      entries.clear();
      vehicles.clear();
      pending.clear();
      for (const raw of list) {
        const v = fromWatchEntry(raw);
        entries.set(v.carId, raw);
        vehicles.set(v.carId, v);
      }
      publish(new Set(vehicles.keys()));
    },
    merge({ entries: changedEntries, removed, followed }) {
      const changed = new Set<number>();
      const follows = new Set(followed);
      for (const raw of changedEntries) {
        const v = fromWatchEntry(raw);
        entries.set(v.carId, raw);
        vehicles.set(v.carId, v);
        changed.add(v.carId);
      }
      for (const id of removed) {
        if (entries.delete(id)) vehicles.delete(id);
        changed.add(id);
      }
      for (const [id, raw] of entries) {
        if (changed.has(id) || (raw.at === 1) === follows.has(id)) continue;
        const marked: Raw = { ...raw };
        if (follows.has(id)) marked.at = 1;
        else delete marked.at;
        entries.set(id, marked);
        vehicles.set(id, fromWatchEntry(marked));
        changed.add(id);
      }
      publish(changed);
    },
    apply(delta) {
      const id = typeof delta.i === 'number' ? delta.i : null;
      if (id === null) return;
      entries.set(id, mergeEntry(entries.get(id) ?? {}, delta));
      pending.add(id);
      if (timer === null) timer = timers.set(flush, Math.max(0, lastNotify + throttleMs - timers.now()));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => snapshot,
    dispose() {
      if (timer !== null) timers.clear(timer);
      timer = null;
    },
  };
}
