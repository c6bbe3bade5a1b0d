import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { vehiclesKey } from './keys';

/** POST /api/web/car/updatePlate {carId, plate}. */
export const updatePlate = postCall<{ carId: number; plate: string }>('/web/car/updatePlate');

export function useUpdatePlate() {
  return useApiMutation(updatePlate, { invalidate: [vehiclesKey] });
}
