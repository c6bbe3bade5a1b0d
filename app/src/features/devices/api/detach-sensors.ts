import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { deviceKeys } from './keys';

/** POST /api/web/device/detSensor {ids, delete?}: unbinds sensors (or deletes them), all or none. */
export const detachSensors = postCall<{ ids: number[]; delete?: boolean }>('/web/device/detSensor');

export function useDetachSensors() {
  return useApiMutation(detachSensors, { invalidate: [deviceKeys.sensors] });
}
