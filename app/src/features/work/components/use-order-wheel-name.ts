/**
 * An order's wheel positions (`axle-wheel`, as orders store them) named as people say them ("Axle 2, right outer")
 * from the vehicle's axle layout; a value that is not a position shows as it is.
 */
import { useVehicleAxles, useWheelNames } from '@/features/vehicles';
import { positionNumber } from '../prefill';

/** `vehicleId` null (none, or an order on several vehicles): named by axle and wheel number. */
export function useOrderWheelName(vehicleId: number | null): (position: string) => string {
  const names = useWheelNames();
  const { wheelsPerAxle } = useVehicleAxles(vehicleId);
  return (position) => {
    const n = positionNumber(position);
    return n === null ? position : names.wheel(n, wheelsPerAxle);
  };
}

/** The vehicle whose layout names an order's positions: its only vehicle, else none. */
export function soleVehicleId(vehicles: readonly { vehicleId: number }[]): number | null {
  return vehicles.length === 1 ? (vehicles[0]?.vehicleId ?? null) : null;
}
