import { postCall, useCallQuery } from '@/lib/calls';
import type { VehicleInfo } from '../types';
import { vehiclesKey } from './keys';

/** POST /api/web/car/carInfo {carId} → the vehicle with drivers, device and trailer (VehicleDetail). */
export const getCarInfo = postCall<{ carId: number }, VehicleInfo>('/web/car/carInfo');

export function useCarInfo(carId: number | null) {
  return useCallQuery([...vehiclesKey, 'info'], getCarInfo, { carId: carId ?? 0 }, carId !== null);
}
