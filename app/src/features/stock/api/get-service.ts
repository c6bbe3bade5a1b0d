import { postCall, useCallQuery } from '@/lib/calls';
import type { ServiceRecord } from '../types';
import { stockKeys } from './keys';

/** POST /api/web/service/serviceInfo {id} → one ServiceRecord with its lines. */
export const getService = postCall<{ id: number }, ServiceRecord>('/web/service/serviceInfo');

export function useService(id: number) {
  return useCallQuery([...stockKeys.services, 'info'], getService, { id }, Number.isInteger(id) && id > 0);
}
