import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { WorkProject, WorkProjectInput } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/project_save → the project (null after a delete): no `id` creates, fields left out stay, `delete` removes. */
export const saveProject = postCall<WorkProjectInput, WorkProject | null>('/work/project_save');

export function useSaveProject() {
  return useApiMutation(saveProject, { invalidate: [workKeys.projects, workKeys.informs] });
}
