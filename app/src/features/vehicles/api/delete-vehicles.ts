import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { vehiclesKey } from './keys';

/** POST /api/web/car/delCar {carIds}: deletes the vehicles (their wheels, sensors' bindings and follows). */
export const deleteVehicles = postCall<{ carIds: number[] }>('/web/car/delCar');

export function useDeleteVehicles() {
  return useApiMutation(deleteVehicles, { invalidate: [vehiclesKey] });
}
