import { postCall, useCallQuery } from '@/lib/calls';
import type { Instant } from '@/lib/api-types';
import { tracksKey } from './keys';

/** POST /api/web/car/instant {vehicleId} → Instant: the vehicle's plate, axle layout and latest state. */
export const getInstant = postCall<{ vehicleId: number }, Instant>('/web/car/instant');

export function useInstant(vehicleId: number | null) {
  return useCallQuery([...tracksKey, 'instant'], getInstant, { vehicleId: vehicleId ?? 0 }, vehicleId !== null);
}
