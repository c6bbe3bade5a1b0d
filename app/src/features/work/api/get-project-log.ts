import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { ProjectLogRow, ProjectPageQuery } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/project_log → PageResult<ProjectLogRow>: the project's changes and its orders' state changes, newest first. */
export const getProjectLog = pageCall<Omit<ProjectPageQuery, 'page' | 'pageSize' | 'done'>, ProjectLogRow>('/work/project_log');

export function useProjectLog(params: Omit<ProjectPageQuery, 'page' | 'pageSize' | 'done'> & Paging) {
  return usePageQuery([...workKeys.projects, 'get-project-log'], getProjectLog, params);
}
