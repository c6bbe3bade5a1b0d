import { postCall, useCallQuery } from '@/lib/calls';
import type { InformRow, ProjectRef } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/project_inform → InformRow[]: the notice plans of a project. */
export const getProjectInforms = postCall<ProjectRef, InformRow[]>('/work/project_inform');

export function useProjectInforms(payload: ProjectRef) {
  return useCallQuery([...workKeys.informs, 'get-project-informs'], getProjectInforms, payload);
}
