import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { deviceKeys } from './keys';

/** POST /api/delTags {ids}: deletes tags with their links, all or none. */
export const deleteTags = postCall<{ ids: number[] }>('/delTags');

export function useDeleteTags() {
  return useApiMutation(deleteTags, { invalidate: [deviceKeys.tags] });
}
