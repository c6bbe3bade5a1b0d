import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { TAG_WRITES } from './keys';

/** POST /api/tag/field/delete {ids}: the fields leave their tags and their values go, all or none. */
export const deleteFields = postCall<{ ids: number[] }>('/tag/field/delete');

export function useDeleteFields() {
  return useApiMutation(deleteFields, { invalidate: TAG_WRITES });
}
