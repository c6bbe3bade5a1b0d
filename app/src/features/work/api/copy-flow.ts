import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { CopyInput, Flow } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/copy_flow → Flow: a copy of a flow (the built-in one too) in the acting enterprise, "… (copy)" unless named. */
export const copyFlow = postCall<CopyInput, Flow>('/work/copy_flow');

export function useCopyFlow() {
  return useApiMutation(copyFlow, { invalidate: [workKeys.flows] });
}
