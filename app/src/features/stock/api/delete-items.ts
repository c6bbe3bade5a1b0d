import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { stockKeys } from './keys';

/** POST /api/web/service/delItem {ids}: refused for an item a move or a service line uses (disable it instead). */
export const deleteItems = postCall<{ ids: number[] }>('/web/service/delItem');

export function useDeleteItems() {
  return useApiMutation(deleteItems, { invalidate: [stockKeys.items] });
}
