import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { vehiclesKey } from './keys';

/** POST /api/web/car/transfer {carIds, entId}: moves the vehicles to another enterprise. */
export const transferVehicles = postCall<{ carIds: number[]; entId: number }>('/web/car/transfer');

export function useTransferVehicles() {
  return useApiMutation(transferVehicles, { invalidate: [vehiclesKey] });
}
