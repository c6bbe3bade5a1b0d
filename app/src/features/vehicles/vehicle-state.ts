/**
 * The state of a vehicle (console-spec §4, docs/fleet-data.md): derived from the close, offline, alarm flags and the
 * speed, in this order: closed, offline, alarm, driving, parked. "Followed" is a flag beside it. Pure.
 */
export type FleetState = 'closed' | 'offline' | 'alarm' | 'driving' | 'parked';

export const FLEET_STATES: readonly FleetState[] = ['closed', 'offline', 'alarm', 'driving', 'parked'];

/** The filter values of the vehicle list: a state, or followed / notInstalled. */
export type FleetFilter = FleetState | 'followed' | 'notInstalled';

export interface StateFlags {
  close?: boolean;
  offline?: boolean;
  isAlarm?: boolean;
  /** km/h; absent = 0 */
  speed?: number;
}

export function deriveState(v: StateFlags): FleetState {
  if (v.close) return 'closed';
  if (v.offline) return 'offline';
  if (v.isAlarm) return 'alarm';
  if ((v.speed ?? 0) > 0) return 'driving';
  return 'parked';
}

export const STATE_TONES: Record<FleetState, 'slate' | 'red' | 'green' | 'blue' | 'amber'> = {
  closed: 'slate',
  offline: 'amber',
  alarm: 'red',
  driving: 'green',
  parked: 'blue',
};

/** No report for 30 minutes (or never) is offline (docs/fleet-data.md). */
export const OFFLINE_AFTER_MS = 30 * 60 * 1000;

export function isOffline(finalTimeMs: number | null | undefined, nowMs: number): boolean {
  return typeof finalTimeMs !== 'number' || nowMs - finalTimeMs > OFFLINE_AFTER_MS;
}
