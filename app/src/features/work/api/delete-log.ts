import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { IdRef } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/del_log → unknown: deletes a note or dispose record. */
export const deleteLog = postCall<IdRef>('/work/del_log');

export function useDeleteLog() {
  return useApiMutation(deleteLog, { invalidate: [workKeys.order] });
}
