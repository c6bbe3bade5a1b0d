import { postCall, useCallQuery } from '@/lib/calls';
import type { WheelReading } from '../types';
import { vehiclesKey } from './keys';

/** The answer: the wheels, or an object holding them (`list` or `wheels`, as the vehicle brief of work_info). */
type SensorAnswer = WheelReading[] | { list?: WheelReading[]; wheels?: WheelReading[] };

const call = postCall<{ carId: number }, SensorAnswer>('/web/car/getSensor');

/** POST /api/web/car/getSensor {carId} → the wheel positions with their latest readings (Vec<WheelOut>). */
export async function getSensor(payload: { carId: number }, signal?: AbortSignal): Promise<WheelReading[]> {
  const data = await call(payload, signal);
  return Array.isArray(data) ? data : (data.list ?? data.wheels ?? []);
}

export function useVehicleWheels(carId: number | null) {
  return useCallQuery([...vehiclesKey, 'wheels'], getSensor, { carId: carId ?? 0 }, carId !== null);
}
