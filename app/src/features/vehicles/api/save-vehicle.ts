import { postCall } from '../../../lib/calls';
import { useApiMutation } from '../../../lib/query';
import type { VehicleRow } from '../types';
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
  imei?: string;
  entId?: number;
  remark?: string;
}

/** POST /api/web/car/updateCarInfo → the saved vehicle (creates without carId). */
export const saveVehicle = postCall<SaveVehiclePayload, VehicleRow>('/web/car/updateCarInfo');

export function useSaveVehicle() {
  return useApiMutation(saveVehicle, { invalidate: [vehiclesKey] });
}
