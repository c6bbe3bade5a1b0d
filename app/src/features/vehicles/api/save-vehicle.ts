import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { VehicleInfo } from '../types';
import { vehiclesKey } from './keys';

export interface SaveVehiclePayload {
  /** Absent: create. */
  carId?: number;
  plate: string;
  kind: number;
  axleLayout: string;
  vin?: string;
  groupId?: number | null;
  trailerId?: number | null;
  driverIds?: number[];
  /** Platform staff: the enterprise of a new vehicle. */
  entId?: number;
  remark?: string;
}

/** POST /api/web/car/updateCarInfo → the saved vehicle (creates without carId; the receiver is bound with updateImei). */
export const saveVehicle = postCall<SaveVehiclePayload, VehicleInfo>('/web/car/updateCarInfo');

export function useSaveVehicle() {
  return useApiMutation(saveVehicle, { invalidate: [vehiclesKey] });
}
