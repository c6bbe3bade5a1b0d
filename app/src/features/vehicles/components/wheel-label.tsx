/** A wheel position named from its vehicle's axle layout ("Axle 2, right outer"; "Axle 2, wheel 3" until it is known). */
import { useVehicleAxles } from '../use-vehicle-axles';
import { useWheelNames } from '../use-wheel-names';

interface Props {
  position?: number | null;
  /** The vehicle whose layout names it (read with carInfo, shared with every other use of that vehicle). */
  vehicleId?: number | null;
  /** Its wheels per axle when the caller has them already: nothing is read. */
  wheelsPerAxle?: readonly number[] | null;
}

export function WheelLabel({ position, vehicleId, wheelsPerAxle }: Props) {
  const names = useWheelNames();
  const axles = useVehicleAxles(wheelsPerAxle ? null : (vehicleId ?? null));
  return <>{names.wheel(position, wheelsPerAxle ?? axles.wheelsPerAxle)}</>;
}
