import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { TAG_WRITES } from './keys';

/** POST /api/delTags {ids}: deletes tags with their links and form values, all or none. */
export const deleteTags = postCall<{ ids: number[] }>('/delTags');

export function useDeleteTags() {
  return useApiMutation(deleteTags, { invalidate: TAG_WRITES });
}
