import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { placesKeys } from './keys';

/** POST /api/route/delete → null: deletes routes (their vehicles are unassigned). */
export const deleteRoutes = postCall<{ ids: number[] }, null>('/route/delete');

export function useDeleteRoutes() {
  return useApiMutation(deleteRoutes, { invalidate: [placesKeys.routes] });
}
