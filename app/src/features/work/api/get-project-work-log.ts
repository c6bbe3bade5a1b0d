import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { LogRow, ProjectPageQuery } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/project_work_log → PageResult<LogRow>: the notes and dispose records of the project's orders. */
export const getProjectWorkLog = pageCall<Omit<ProjectPageQuery, 'page' | 'pageSize' | 'done'>, LogRow>('/work/project_work_log');

export function useProjectWorkLog(params: Omit<ProjectPageQuery, 'page' | 'pageSize' | 'done'> & Paging) {
  return usePageQuery([...workKeys.projects, 'get-project-work-log'], getProjectWorkLog, params);
}
