import { postCall, useCallQuery } from '@/lib/calls';
import { catalogueKeys } from './keys';

/** POST /api/web/tyre/spec {brandId?, keyword?} → the tyre sizes (spec) known to tyres. */
export const getSpecs = postCall<{ brandId?: number; keyword?: string }, string[]>('/web/tyre/spec');

export function useSpecs() {
  return useCallQuery([...catalogueKeys.choices, 'spec'], getSpecs, {});
}
