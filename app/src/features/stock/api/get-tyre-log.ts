import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { TyreEvent } from '../types';
import { stockKeys } from './keys';

/** POST /api/web/drp/tyre/log {id, page, pageSize} → the tyre's life, newest first (alarms while mounted joined in). */
export const getTyreLog = pageCall<{ id: number }, TyreEvent>('/web/drp/tyre/log');

export function useTyreLog(params: { id: number } & Paging) {
  return usePageQuery([...stockKeys.tyres, 'log'], getTyreLog, params);
}
