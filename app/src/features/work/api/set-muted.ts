import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { Shield } from '@/lib/api-types';
import { discussionSummaryKeys } from './keys';

/** POST /api/work/shield → Shield: mutes or unmutes an order's discussion for me. */
export const setMuted = postCall<Shield, Shield>('/work/shield');

export function useSetMuted() {
  return useApiMutation(setMuted, { invalidate: discussionSummaryKeys });
}
