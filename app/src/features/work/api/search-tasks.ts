import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { OrderTaskRow, TaskSearch } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/task_search → PageResult<OrderTaskRow>: tasks across the orders in scope (`done`, `assigneeId`, `mine`, …). */
export const searchTasks = pageCall<Omit<TaskSearch, 'page' | 'pageSize'>, OrderTaskRow>('/work/task_search');

export function useTaskSearch(params: Omit<TaskSearch, 'page' | 'pageSize'> & Paging) {
  return usePageQuery([...workKeys.order, 'search-tasks'], searchTasks, params);
}
