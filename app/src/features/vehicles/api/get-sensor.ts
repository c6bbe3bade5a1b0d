import { postCall, useCallQuery } from '../../../lib/calls';
import type { WheelReading } from '../types';
import { vehiclesKey } from './keys';

/** POST /api/web/car/getSensor {carId} → the wheel positions with their latest readings (shape assumed: a list). */
const call = postCall<{ carId: number }, WheelReading[] | { list?: WheelReading[] }>('/web/car/getSensor');

export async function getSensor(payload: { carId: number }, signal?: AbortSignal): Promise<WheelReading[]> {
  const data = await call(payload, signal);
  return Array.isArray(data) ? data : (data.list ?? []);
}

export function useVehicleWheels(carId: number | null) {
  return useCallQuery([...vehiclesKey, 'wheels'], getSensor, { carId: carId ?? 0 }, carId !== null);
}
