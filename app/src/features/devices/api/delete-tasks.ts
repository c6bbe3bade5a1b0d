import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { deviceKeys } from './keys';

/** POST /api/web/device/delTask {ids}: cancels queued or sent tasks, all or none. */
export const deleteTasks = postCall<{ ids: number[] }>('/web/device/delTask');

export function useDeleteTasks() {
  return useApiMutation(deleteTasks, { invalidate: [deviceKeys.tasks] });
}
