import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { vehiclesKey } from './keys';

/** POST /api/web/car/update_driver: creates (no id) or updates a driver and the vehicles they drive; `{delete: true, ids}` deletes drivers. */
export const updateDriver = postCall<{ id?: number; name?: string; phone?: string; license?: string; carIds?: number[]; remark?: string; entId?: number; delete?: boolean; ids?: number[] }>('/web/car/update_driver');

export function useUpdateDriver() {
  return useApiMutation(updateDriver, { invalidate: [vehiclesKey] });
}
