import { useQuery } from '@tanstack/react-query';

import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { OrderCounts, ProjectListQuery, TaskCounts } from '@/lib/api-types';
import { workKeys } from './keys';

/**
 * A project of the work calls (`project_list`, `project_save`). Written here because the contract cannot carry it
 * yet: the enterprise settings' project row has the same schema name (`ProjectRow`), and openapi.json holds only
 * that one. The shape is server/domain/src/work/projects.rs `ProjectRow`; its parts that are generated are used.
 */
export interface WorkProject {
  id: number;
  entId: number;
  name: string;
  code: string;
  description: string;
  managerId: number | null;
  managerName: string;
  /** 1 planning, 2 active, 3 done, 4 archived. */
  state: number;
  /** `YYYY-MM-DD` or "". */
  startOn: string;
  endOn: string;
  orders: OrderCounts;
  tasks: TaskCounts;
  /** 0–100. */
  progress: number;
  createdAt: string;
}

export type ProjectFilters = Omit<ProjectListQuery, 'page' | 'pageSize'>;

/** POST /api/work/project_list → PageResult<WorkProject>: projects in scope, newest first, with their counts. */
export const getProjects = pageCall<ProjectFilters, WorkProject>('/work/project_list');

export function useProjects(params: ProjectFilters & Paging) {
  return usePageQuery([...workKeys.projects, 'get-projects'], getProjects, params);
}

/** The most rows one page of the list may hold (the server's limit). */
const LARGEST_PAGE = 500;

/**
 * One project by id (null when the scope has none such). There is no call for one project, so it is looked for in
 * the first page of 500 projects in scope.
 */
export function useProject(id: number | null) {
  return useQuery({
    queryKey: [...workKeys.projects, 'get-projects', 'one', id],
    queryFn: async ({ signal }) => (await getProjects({ page: 1, pageSize: LARGEST_PAGE }, signal)).list.find((p) => p.id === id) ?? null,
    enabled: id !== null,
  });
}
