/** The answers of the share calls (server: services/vehicle/share.rs). Pressures bar, temperatures °C. */
import type { VehicleLiveState, WheelLimits, WheelReading } from '@/features/vehicles';

/** An alarm not yet cleared (SharedAlarm). */
export interface SharedAlarm {
  position: number;
  kind: number;
  level: number;
  state: number;
  value: number | null;
  threshold: number | null;
  startedAt: string;
}

/** What a share link shows (SharedVehicle). */
export interface SharedVehicle {
  vehicleId: number;
  plate: string;
  kind: number;
  axleLayout: string;
  colony: number | null;
  state: VehicleLiveState | null;
  wheels: WheelReading[];
  limits: WheelLimits;
  alarms: SharedAlarm[];
  expiresAt: string;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The host's route data of a share page: the vehicle, or null for a link that shows nothing. */
export function sharedFromData(data: Record<string, unknown>): SharedVehicle | null {
  const share = data.share;
  return isRecord(share) && typeof share.plate === 'string' && Array.isArray(share.wheels) ? (share as unknown as SharedVehicle) : null;
}
