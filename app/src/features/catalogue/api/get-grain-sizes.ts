import { postCall, useCallQuery } from '@/lib/calls';
import { catalogueKeys } from './keys';

/** POST /api/web/tyre/grainSize {brandId?, keyword?} → the tread patterns (grain) known to tyres. */
export const getGrainSizes = postCall<{ brandId?: number; keyword?: string }, string[]>('/web/tyre/grainSize');

export function useGrainSizes() {
  return useCallQuery([...catalogueKeys.choices, 'grain'], getGrainSizes, {});
}
