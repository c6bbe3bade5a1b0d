import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { IdRef } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/del_task → unknown: deletes a task. */
export const deleteTask = postCall<IdRef>('/work/del_task');

export function useDeleteTask() {
  return useApiMutation(deleteTask, { invalidate: [workKeys.orders] });
}
