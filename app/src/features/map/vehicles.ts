/** Vehicle states and the map filters of console-spec §2 ("all, alarm, offline, driving"). Pure functions. */

export type AlarmKind = 'highTemp' | 'lowTp' | 'highTp' | 'axleTemp' | 'sensorLoss';
export type VehicleState = 'alarm' | 'offline' | 'driving' | 'parked';
export type VehicleFilter = 'all' | 'alarm' | 'offline' | 'driving';

export interface Vehicle {
  id: string;
  plate: string;
  lon: number;
  lat: number;
  /** km/h */
  speed: number;
  online: boolean;
  alarm: AlarmKind | null;
  /** Minutes since the last report. */
  minutesAgo: number;
}

export const FILTERS: readonly VehicleFilter[] = ['all', 'alarm', 'offline', 'driving'];
export const STATES: readonly VehicleState[] = ['alarm', 'offline', 'driving', 'parked'];

export const STATE_COLORS: Record<VehicleState, string> = {
  alarm: '#E5484D',
  offline: '#94A3B8',
  driving: '#16A34A',
  parked: '#4D70FF',
};

/** One state per vehicle, for colours and the status chart: offline > alarm > driving > parked. */
export function vehicleState(v: Vehicle): VehicleState {
  if (!v.online) return 'offline';
  if (v.alarm) return 'alarm';
  if (v.speed > 0) return 'driving';
  return 'parked';
}

/** Filters overlap: a vehicle in alarm that is moving counts as alarm and as driving. */
export function matchesFilter(v: Vehicle, filter: VehicleFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'alarm':
      return v.alarm !== null;
    case 'offline':
      return !v.online;
    case 'driving':
      return v.online && v.speed > 0;
  }
}

export function filterVehicles(list: readonly Vehicle[], filter: VehicleFilter): Vehicle[] {
  return list.filter((v) => matchesFilter(v, filter));
}

export function countByFilter(list: readonly Vehicle[]): Record<VehicleFilter, number> {
  const counts: Record<VehicleFilter, number> = { all: 0, alarm: 0, offline: 0, driving: 0 };
  for (const f of FILTERS) counts[f] = filterVehicles(list, f).length;
  return counts;
}

export function countByState(list: readonly Vehicle[]): Record<VehicleState, number> {
  const counts: Record<VehicleState, number> = { alarm: 0, offline: 0, driving: 0, parked: 0 };
  for (const v of list) counts[vehicleState(v)] += 1;
  return counts;
}
