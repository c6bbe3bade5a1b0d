/**
 * The map's panel of open alarms: the server's open alarms (most severe first, `web/log/incidents`) brought up to date
 * by the changes heard over the websocket since — a heard change replaces the listed one, a new alarm joins, a cleared
 * one leaves — sorted critical first, then newest. Pure.
 */
import type { LiveAlarm } from '@/features/live';
import type { Incident } from '@/features/reports';

const CLEARED = 2;

export interface OpenAlarm {
  id: number;
  vehicleId: number;
  plate: string;
  position: number;
  kind: number;
  level: number;
  /** 0 active, 1 acknowledged */
  state: number;
  /** ms since the epoch */
  startedAt: number;
  /** The vehicle's wheels per axle, as listed or heard (null: neither knew them; the label looks them up). */
  wheelsPerAxle: readonly number[] | null;
}

export interface OpenAlarms {
  list: OpenAlarm[];
  /** How many are open: the server's count, less the listed ones heard cleared, plus those heard new. */
  total: number;
}

/** `heard` newest first (the live store's order): the first change of an id is its latest. */
export function openAlarms(listed: readonly Incident[], listedTotal: number, heard: readonly LiveAlarm[]): OpenAlarms {
  const byId = new Map<number, OpenAlarm>();
  for (const a of listed) {
    byId.set(a.id, { ...pick(a), startedAt: Date.parse(a.startedAt), wheelsPerAxle: a.wheelsPerAxle.length > 0 ? a.wheelsPerAxle : null });
  }
  const listedIds = new Set(byId.keys());
  let total = listedTotal;
  const seen = new Set<number>();
  for (const a of heard) {
    if (seen.has(a.id)) continue;
    seen.add(a.id);
    const known = byId.get(a.id);
    if (a.state === CLEARED) {
      if (known) {
        byId.delete(a.id);
        total -= 1;
      }
      continue;
    }
    if (!known && !listedIds.has(a.id)) total += 1;
    byId.set(a.id, { ...pick(a), startedAt: a.startedAt, wheelsPerAxle: known?.wheelsPerAxle ?? (a.wheelsPerAxle.length > 0 ? a.wheelsPerAxle : null) });
  }
  const list = [...byId.values()].sort((x, y) => y.level - x.level || y.startedAt - x.startedAt || y.id - x.id);
  return { list, total: Math.max(total, list.length) };
}

function pick(a: Incident | LiveAlarm) {
  return { id: a.id, vehicleId: a.vehicleId, plate: a.plate, position: a.position, kind: a.kind, level: a.level, state: a.state };
}
