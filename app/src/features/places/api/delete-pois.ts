import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { placesKeys } from './keys';

/** POST /api/poi/deletePoi → null: deletes the POIs (all or none). */
export const deletePois = postCall<{ ids: number[] }, null>('/poi/deletePoi');

export function useDeletePois() {
  return useApiMutation(deletePois, { invalidate: [placesKeys.pois] });
}
