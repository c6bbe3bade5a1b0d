import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { LogInput, LogRow } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/dispose_log → LogRow: a dispose record checked against the dispose form. */
export const saveDispose = postCall<LogInput, LogRow>('/work/dispose_log');

export function useSaveDispose() {
  return useApiMutation(saveDispose, { invalidate: [workKeys.orders] });
}
