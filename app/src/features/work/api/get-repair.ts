import { postCall, useCallQuery } from '@/lib/calls';
import type { OrderRef, RepairRecord } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/repair_info → RepairRecord: the repair record with parts cost, labour and total. */
export const getRepair = postCall<OrderRef, RepairRecord>('/work/repair_info');

export function useRepair(payload: OrderRef, enabled = true) {
  return useCallQuery([...workKeys.order, 'get-repair'], getRepair, payload, enabled);
}
