/**
 * What an alarm's `position` names, by its kind: a wheel for the tyre kinds, a wheel end (`axle * 10 + side`) for hub
 * high temperature, the axle for the hub temperature difference (judged at its left end); nothing for the vehicle (0)
 * or a geofence (whose `position` is the fence's id). Pure.
 */
import type { WheelNames } from '@/features/vehicles';
import { alarmKindKey } from './protocol';

export function alarmWheelName(kind: number, position: number, wheelsPerAxle: readonly number[] | null, names: WheelNames): string | null {
  const key = alarmKindKey(kind);
  if (position <= 0 || key === 'geofence') return null;
  if (key === 'axleHighTemp') return names.wheelEnd(position);
  if (key === 'axleTempDifference') return names.axle(Math.floor(position / 10));
  return names.wheel(position, wheelsPerAxle);
}
