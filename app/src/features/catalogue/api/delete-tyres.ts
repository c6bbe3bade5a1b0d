import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { catalogueKeys } from './keys';

/** POST /api/web/tyre/delTyre {ids}: refused while a wheel uses the tyre. */
export const deleteTyres = postCall<{ ids: number[] }>('/web/tyre/delTyre');

export function useDeleteTyres() {
  return useApiMutation(deleteTyres, { invalidate: [catalogueKeys.tyres] });
}
