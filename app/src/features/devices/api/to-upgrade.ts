import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { deviceKeys } from './keys';

/** POST /api/web/device/toUpgrade {firmwareId, deviceIds}: queues an upgrade per device, all or none. */
export const toUpgrade = postCall<{ firmwareId: number; deviceIds: number[] }>('/web/device/toUpgrade');

export function useToUpgrade() {
  return useApiMutation(toUpgrade, { invalidate: [deviceKeys.tasks] });
}
