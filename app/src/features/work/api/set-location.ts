import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { Location } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/location → Location: sets the order's location. */
export const setLocation = postCall<Location, Location>('/work/location');

export function useSetLocation() {
  return useApiMutation(setLocation, { invalidate: [workKeys.orders] });
}
