import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { vehiclesKey } from './keys';

/** POST /api/web/car/set_install {carIds, installState}: 0 not installed, 1 installed, 2 installing. */
export const setInstall = postCall<{ carIds: number[]; installState: number }>('/web/car/set_install');

export function useSetInstall() {
  return useApiMutation(setInstall, { invalidate: [vehiclesKey] });
}
