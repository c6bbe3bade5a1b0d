/** A vehicle's wheels per axle (from its axle layout, `carInfo`), to name and offer its wheel positions. */
import { useCarInfo } from './api/get-car-info';
import { parseAxleLayout } from './wheel-layout';

export function useVehicleAxles(vehicleId: number | null): { wheelsPerAxle: number[] | null; pending: boolean } {
  const info = useCarInfo(vehicleId);
  const layout = info.data?.axleLayout ?? '';
  return { wheelsPerAxle: layout ? parseAxleLayout(layout) : null, pending: vehicleId !== null && info.isPending };
}
