import { useQuery } from '@tanstack/react-query';

import { pageCall } from '@/lib/calls';
import type { OrderRow } from '@/lib/api-types';
import { stockKeys } from './keys';

export interface WorkOrderParams {
  vehicleId?: number;
  keyword?: string;
}

/** POST /api/work/list {vehicleId?, keyword?} → work orders, newest first: the ones a move or a service record may name. */
export const getWorkOrderOptions = pageCall<WorkOrderParams, OrderRow>('/work/list', { noSupersede: true });

/** The latest 50 orders matching; nothing asked while `enabled` is false. */
export function useWorkOrderOptions(params: WorkOrderParams, enabled: boolean) {
  return useQuery({
    queryKey: [...stockKeys.workOrders, params],
    queryFn: ({ signal }) => getWorkOrderOptions({ ...params, page: 1, pageSize: 50 }, signal),
    enabled,
  });
}
