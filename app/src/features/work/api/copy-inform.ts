import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { CopyInform, InformRow } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/copy_inform → the copy of a notice plan ("… (copy)"), disabled. */
export const copyInform = postCall<CopyInform, InformRow>('/work/copy_inform');

export function useCopyInform() {
  return useApiMutation(copyInform, { invalidate: [workKeys.informs] });
}
