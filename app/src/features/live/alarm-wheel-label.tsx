/** Where an alarm is on its vehicle ("Axle 2, right outer"), from the vehicle's axle layout; nothing when it is vehicle-wide. */
import { useVehicleAxles, useWheelNames } from '@/features/vehicles';
import { alarmWheelName } from './alarm-wheel';

interface Props {
  kind: number;
  position: number;
  vehicleId: number;
  /** The vehicle's wheels per axle when the caller has them: nothing is read. */
  wheelsPerAxle?: readonly number[] | null;
  className?: string;
}

export function AlarmWheelLabel({ kind, position, vehicleId, wheelsPerAxle, className }: Props) {
  const names = useWheelNames();
  const named = alarmWheelName(kind, position, null, names) !== null;
  const axles = useVehicleAxles(named && !wheelsPerAxle ? vehicleId : null);
  const name = alarmWheelName(kind, position, wheelsPerAxle ?? axles.wheelsPerAxle, names);
  return name === null ? null : <span className={className}>{name}</span>;
}
