import { postCall, useCallQuery } from '@/lib/calls';
import type { TyreInfo } from '../types';
import { stockKeys } from './keys';

/** POST /api/web/drp/tyre/info {id} → the tyre with its mounts, wear rate, projected replacement and under-inflated alarms. */
export const getTyre = postCall<{ id: number }, TyreInfo>('/web/drp/tyre/info');

export function useTyre(id: number) {
  return useCallQuery([...stockKeys.tyres, 'info'], getTyre, { id }, Number.isInteger(id) && id > 0);
}
