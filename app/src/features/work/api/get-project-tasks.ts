import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { ProjectPageQuery, ProjectTaskRow } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/project_task → PageResult<ProjectTaskRow>: the tasks of a project's orders (`done` narrows). */
export const getProjectTasks = pageCall<Omit<ProjectPageQuery, 'page' | 'pageSize'>, ProjectTaskRow>('/work/project_task');

export function useProjectTasks(params: Omit<ProjectPageQuery, 'page' | 'pageSize'> & Paging) {
  return usePageQuery([...workKeys.projects, 'get-project-tasks'], getProjectTasks, params);
}
