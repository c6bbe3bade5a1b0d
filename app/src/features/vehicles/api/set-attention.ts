import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { vehiclesKey } from './keys';

const call = postCall<{ carId: number; attention: boolean }>('/web/car/attention');

/** POST /api/web/car/attention {carId, attention}, once per vehicle: follows (or stops following) them. */
export async function setAttention({ carIds, attention }: { carIds: number[]; attention: boolean }): Promise<void> {
  for (const carId of carIds) await call({ carId, attention });
}

export function useSetAttention() {
  return useApiMutation(setAttention, { invalidate: [vehiclesKey] });
}
