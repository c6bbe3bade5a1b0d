import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { WorkProject } from './get-projects';
import { workKeys } from './keys';

/**
 * What `project_save` takes (server/domain/src/work/projects.rs `ProjectInput`; the contract shows the settings'
 * input under the same name, see WorkProject): no `id` creates, fields left out stay, `delete` removes.
 */
export interface WorkProjectInput {
  id?: number;
  entId?: number;
  name?: string;
  code?: string;
  description?: string;
  /** 0 removes the manager. */
  managerId?: number;
  state?: number;
  /** `YYYY-MM-DD`, or "" for none. */
  startOn?: string;
  endOn?: string;
  /** Refused while the project has pending or in-progress orders (the server names their count). */
  delete?: boolean;
}

/** POST /api/work/project_save → the project (null after a delete). */
export const saveProject = postCall<WorkProjectInput, WorkProject | null>('/work/project_save');

export function useSaveProject() {
  return useApiMutation(saveProject, { invalidate: [workKeys.projects, workKeys.informs] });
}
