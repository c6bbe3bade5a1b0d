import type { WheelOut } from '@/lib/api-types';
import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import { useCall } from './use-call';

/** POST /api/web/car/getSensor {carId} → the vehicle's wheel positions with their bound sensors and latest readings. */
export async function getWheels(carId: number, signal?: AbortSignal): Promise<WheelOut[]> {
  const data = unwrap(await api.post<WheelOut[]>('/web/car/getSensor', { carId }, { signal, noErrorToast: true, noLoading: true }));
  return Array.isArray(data) ? data : [];
}

export function useWheels() {
  return useCall(getWheels);
}
