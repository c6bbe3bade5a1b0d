/**
 * What the map shows of the fleet (console-spec §2): the marker state of a vehicle, the filters all / alarm /
 * offline / driving / followed with their counts, and the grid aggregation drawn at low zoom. Pure.
 */
import { deriveState, FLEET_STATES, type FleetState, type FleetVehicle } from '@/features/vehicles';

export type MapFilter = 'all' | 'alarm' | 'offline' | 'driving' | 'followed';

export const MAP_FILTERS: readonly MapFilter[] = ['all', 'alarm', 'offline', 'driving', 'followed'];

/** Marker colours by state. */
export const STATE_COLORS: Record<FleetState, string> = {
  closed: '#475569',
  offline: '#94A3B8',
  alarm: '#E5484D',
  driving: '#16A34A',
  parked: '#4D70FF',
};

export function markerState(v: FleetVehicle): FleetState {
  return deriveState({ close: v.close, offline: v.offline, isAlarm: v.isAlarm, speed: v.gps?.speed ?? 0 });
}

/** Filters overlap: a moving vehicle in alarm counts under alarm and under driving. */
export function matchesFilter(v: FleetVehicle, filter: MapFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'alarm':
      return v.isAlarm;
    case 'offline':
      return v.offline;
    case 'driving':
      return !v.close && !v.offline && (v.gps?.speed ?? 0) > 0;
    case 'followed':
      return v.attention;
  }
}

const searchable = (s: string) => s.replace(/[\s\-·]/g, '').toLowerCase();

/**
 * A search typed over the map: the vehicle's plate holds the text (case, spaces and dashes ignored), or its receiver's
 * IMEI where the feed carries it (the full list does; the map subset leaves it out).
 */
export function matchesQuery(v: FleetVehicle, query: string): boolean {
  const q = searchable(query);
  return q === '' || searchable(v.plate).includes(q) || v.imei.includes(q);
}

/** The list's order: vehicles in alarm first, critical before warning; the others as the fleet has them. */
export function alarmsFirst(list: readonly FleetVehicle[]): FleetVehicle[] {
  // one pass into buckets (the fleet is 30,000 long and changes each second): no sort
  const critical: FleetVehicle[] = [];
  const warning: FleetVehicle[] = [];
  const others: FleetVehicle[] = [];
  for (const v of list) (!v.isAlarm ? others : v.alarmLevel >= 2 ? critical : warning).push(v);
  return [...critical, ...warning, ...others];
}

export function countByFilter(list: readonly FleetVehicle[]): Record<MapFilter, number> {
  const counts: Record<MapFilter, number> = { all: 0, alarm: 0, offline: 0, driving: 0, followed: 0 };
  for (const v of list) for (const f of MAP_FILTERS) if (matchesFilter(v, f)) counts[f] += 1;
  return counts;
}

export function countByState(list: readonly FleetVehicle[]): Record<FleetState, number> {
  const counts = Object.fromEntries(FLEET_STATES.map((s) => [s, 0])) as Record<FleetState, number>;
  for (const v of list) counts[markerState(v)] += 1;
  return counts;
}

export interface GridPoint {
  x: number;
  y: number;
  alarm: boolean;
}

export interface Cell {
  x: number;
  y: number;
  count: number;
  alarm: number;
}

/**
 * Points (in map units) aggregated into square cells of `size` map units: one cell per occupied square, at the
 * centroid of its points, with how many there are and how many are in alarm.
 */
export function aggregate(points: Iterable<GridPoint>, size: number): Cell[] {
  const cells = new Map<string, Cell>();
  for (const p of points) {
    const key = `${String(Math.floor(p.x / size))}:${String(Math.floor(p.y / size))}`;
    const c = cells.get(key);
    if (c) {
      c.x += p.x;
      c.y += p.y;
      c.count += 1;
      if (p.alarm) c.alarm += 1;
    } else cells.set(key, { x: p.x, y: p.y, count: 1, alarm: p.alarm ? 1 : 0 });
  }
  return [...cells.values()].map((c) => ({ ...c, x: c.x / c.count, y: c.y / c.count }));
}
