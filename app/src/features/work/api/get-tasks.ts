import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { OrderTaskRow, TaskListQuery } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/task_list → PageResult<OrderTaskRow>: an order's tasks. */
export const getTasks = pageCall<Omit<TaskListQuery, 'page' | 'pageSize'>, OrderTaskRow>('/work/task_list');

export function useTasks(params: Omit<TaskListQuery, 'page' | 'pageSize'> & Paging) {
  return usePageQuery([...workKeys.order, 'get-tasks'], getTasks, params);
}
