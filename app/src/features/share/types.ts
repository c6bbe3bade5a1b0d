/** The answers of the share calls (server: services/vehicle/share.rs). Pressures bar, temperatures °C. */
import type { SharedDiscussion } from '@/lib/api-types';
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

/** What a discussion link shows, or why it shows nothing (the server's words for a forged or expired link). */
export type DiscussionView = { kind: 'shown'; discussion: SharedDiscussion } | { kind: 'refused'; message: string };

/**
 * The host's route data of a discussion page: `{"discussion": …}` when the link shows one, `{"discussionError":
 * "<the server's message>"}` when it is refused; null when the host loaded nothing for it (the browser then asks).
 */
export function discussionFromData(data: Record<string, unknown>): DiscussionView | null {
  const d = data.discussion;
  if (isRecord(d) && typeof d.number === 'string' && Array.isArray(d.messages)) return { kind: 'shown', discussion: d as unknown as SharedDiscussion };
  return typeof data.discussionError === 'string' ? { kind: 'refused', message: data.discussionError } : null;
}
