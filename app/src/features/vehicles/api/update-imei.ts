import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { vehiclesKey } from './keys';

/** POST /api/web/car/updateImei {carId, imei}: binds the receiver (empty unbinds). */
export const updateImei = postCall<{ carId: number; imei: string }>('/web/car/updateImei');

export function useUpdateImei() {
  return useApiMutation(updateImei, { invalidate: [vehiclesKey] });
}
