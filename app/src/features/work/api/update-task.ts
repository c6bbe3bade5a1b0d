import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { OrderTaskRow, TaskUpdate } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/update_task → OrderTaskRow: changes a task (title, assignee, due time, done). */
export const updateTask = postCall<TaskUpdate, OrderTaskRow>('/work/update_task');

export function useUpdateTask() {
  return useApiMutation(updateTask, { invalidate: [workKeys.order] });
}
