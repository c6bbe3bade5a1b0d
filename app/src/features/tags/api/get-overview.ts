import { postCall, useCallQuery } from '@/lib/calls';
import type { TagOverview } from '../types';
import { tagKeys } from './keys';

/** POST /api/tag/overview {entId?} → the workspace home's counts. */
export const getOverview = postCall<{ entId?: number }, TagOverview>('/tag/overview');

export function useOverview() {
  return useCallQuery(tagKeys.overview, getOverview, {});
}
