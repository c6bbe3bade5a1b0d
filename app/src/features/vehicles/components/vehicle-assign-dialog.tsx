/** Choosing several vehicles (plates, with their group as a hint) for whatever a feature assigns them to. */
import type { QueryKey } from '@tanstack/react-query';

import { AssignDialog } from '@/components/crud/assign-dialog';
import type { PageCall } from '@/lib/calls';
import type { VehicleRow } from '../types';
import { getVehicleOptions } from '../api/get-vehicles';

interface VehicleAssignDialogProps {
  title: string;
  testId: string;
  /** The picker's list query key, under the caller's own keys. */
  queryKey: QueryKey;
  initial: readonly number[];
  /** Only this enterprise's vehicles (what they are assigned to belongs to it). */
  entId?: number;
  onSave: (vehicleIds: number[]) => Promise<unknown>;
  onClose: () => void;
}

export function VehicleAssignDialog({ entId, ...props }: VehicleAssignDialogProps) {
  const fetchPage: PageCall<{ keyword?: string }, VehicleRow> = (params, signal) => getVehicleOptions({ ...params, entId }, signal);
  return <AssignDialog {...props} queryKey={[...props.queryKey, entId]} fetchPage={fetchPage} toOption={(v) => ({ id: v.carId, label: v.plate, hint: v.groupName })} />;
}
