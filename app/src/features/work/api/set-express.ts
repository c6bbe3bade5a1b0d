import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { Express } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/setExpress → Express: parts shipping: carrier, tracking number, shipped at. */
export const setExpress = postCall<Express, Express>('/work/setExpress');

export function useSetExpress() {
  return useApiMutation(setExpress, { invalidate: [workKeys.orders] });
}
