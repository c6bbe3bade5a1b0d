import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { deviceKeys } from './keys';

/** POST /api/web/device/strategy {entId?, strategy}: saves the enterprise's upgrade strategy for a part number → the strategies. */
export const saveStrategy = postCall<{ entId?: number; strategy: { model: string; auto: boolean; firmwareId?: number | null; windowStart?: string; windowEnd?: string } }>('/web/device/strategy');

export function useSaveStrategy() {
  return useApiMutation(saveStrategy, { invalidate: [deviceKeys.strategies] });
}
