/** A wheel position named from its vehicle's axle layout ("Axle 2, right outer"; "Axle 2, wheel 3" until it is known). */
import { useStockLabels } from './use-stock-labels';
import { useVehicleAxles } from './use-vehicle-axles';

export function WheelLabel({ vehicleId, position }: { vehicleId?: number | null; position?: number | null }) {
  const labels = useStockLabels();
  const axles = useVehicleAxles(vehicleId ?? null);
  return <>{labels.wheel(position, axles.wheelsPerAxle)}</>;
}
