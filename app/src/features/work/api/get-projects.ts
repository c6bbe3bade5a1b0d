import { useQuery } from '@tanstack/react-query';

import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { ProjectListQuery, WorkProject } from '@/lib/api-types';
import { workKeys } from './keys';

export type ProjectFilters = Omit<ProjectListQuery, 'page' | 'pageSize'>;

/** POST /api/work/project_list → PageResult<WorkProject>: projects in scope, newest first, with their counts. */
export const getProjects = pageCall<ProjectFilters, WorkProject>('/work/project_list');

export function useProjects(params: ProjectFilters & Paging) {
  return usePageQuery([...workKeys.projects, 'get-projects'], getProjects, params);
}

/** One project by id (`project_list {id}`; null when the scope has none such). */
export function useProject(id: number | null) {
  return useQuery({
    queryKey: [...workKeys.projects, 'get-projects', 'one', id],
    queryFn: async ({ signal }) => (await getProjects({ id, page: 1, pageSize: 1 }, signal)).list[0] ?? null,
    enabled: id !== null,
  });
}
