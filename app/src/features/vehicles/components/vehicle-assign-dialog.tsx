/** Choosing several vehicles (plates, with their group as a hint) for whatever a feature assigns them to. */
import type { QueryKey } from '@tanstack/react-query';

import { AssignDialog } from '@/components/crud/assign-dialog';
import { getVehicleOptions } from '../api/get-vehicles';

interface VehicleAssignDialogProps {
  title: string;
  testId: string;
  /** The picker's list query key, under the caller's own keys. */
  queryKey: QueryKey;
  initial: readonly number[];
  onSave: (vehicleIds: number[]) => Promise<unknown>;
  onClose: () => void;
}

export function VehicleAssignDialog(props: VehicleAssignDialogProps) {
  return <AssignDialog {...props} fetchPage={getVehicleOptions} toOption={(v) => ({ id: v.carId, label: v.plate, hint: v.groupName })} />;
}
