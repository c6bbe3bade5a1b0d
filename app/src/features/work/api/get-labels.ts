import { postCall, useCallQuery } from '@/lib/calls';
import type { LabelInput } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/label → string[]: every label in use (no id), or an order's labels. */
export const getLabels = postCall<LabelInput, string[]>('/work/label');

export function useLabels(payload: LabelInput, enabled = true) {
  return useCallQuery([...workKeys.lookups, 'get-labels'], getLabels, payload, enabled);
}
