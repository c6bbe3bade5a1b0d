import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { deviceKeys } from './keys';

/** POST /api/addTags {entId?, tags}: creates tags, all or none → the new tags. */
export const addTags = postCall<{ entId?: number; tags: { name: string; color?: string; kind?: string }[] }>('/addTags');

export function useAddTags() {
  return useApiMutation(addTags, { invalidate: [deviceKeys.tags] });
}
