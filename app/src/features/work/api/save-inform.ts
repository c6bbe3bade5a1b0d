import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { InformInput, InformRow } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/update_inform → the notice plan (null after `delete`): creates (no id), changes or deletes one. */
export const saveInform = postCall<InformInput, InformRow | null>('/work/update_inform');

export function useSaveInform() {
  return useApiMutation(saveInform, { invalidate: [workKeys.informs] });
}
