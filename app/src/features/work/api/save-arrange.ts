import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { ArrangeInput, ArrangeItem } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/save_arrange → ArrangeItem[]: plans orders and tasks (`plannedAt`, optionally the assignee), all or none. */
export const saveArrange = postCall<ArrangeInput, ArrangeItem[]>('/work/save_arrange');

export function useSaveArrange() {
  return useApiMutation(saveArrange, { invalidate: [workKeys.orders] });
}
