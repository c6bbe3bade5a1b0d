import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { OrderTaskRow, TaskInput } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/save_task → OrderTaskRow: adds a task to an order. */
export const saveTask = postCall<TaskInput, OrderTaskRow>('/work/save_task');

export function useSaveTask() {
  return useApiMutation(saveTask, { invalidate: [workKeys.orders] });
}
