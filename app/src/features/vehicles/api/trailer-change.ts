import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { vehiclesKey } from './keys';

/** POST /api/web/car/trailerChange {carId, trailerId}: hitches the trailer to the tractor (null unhitches); recorded as a swap. */
export const trailerChange = postCall<{ carId: number; trailerId: number | null }>('/web/car/trailerChange');

export function useTrailerChange() {
  return useApiMutation(trailerChange, { invalidate: [vehiclesKey] });
}
