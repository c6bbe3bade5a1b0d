/**
 * The map's work-order layer: the open located orders (`useMapOrders`, asked again every minute while the page is
 * visible), refreshed at once when a state change of one of my orders (`work.order`) or a resync arrives on the page's
 * socket. Nothing is asked while `enabled` is false.
 */
import { useQueryClient } from '@tanstack/react-query';

import type { OrderRow } from '@/lib/api-types';
import { mapOrdersKey, useMapOrders } from '../api/get-map-orders';
import { useWorkEvents } from './use-work-events';

export interface OrdersOnMap {
  orders: readonly OrderRow[];
  /** How many located open orders there are (more than `orders` holds past the list's 500). */
  total: number;
  /** `total` stopped at the list's bound: there are at least that many. */
  totalCapped: boolean;
  loading: boolean;
  failed: boolean;
}

const NONE: readonly OrderRow[] = [];

export function useOrdersOnMap(enabled: boolean): OrdersOnMap {
  const queryClient = useQueryClient();
  const query = useMapOrders(enabled);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: mapOrdersKey });
  useWorkEvents(
    (event) => {
      if (event.type === 'work.order') refresh();
    },
    refresh,
    enabled,
  );
  return {
    orders: query.data?.list ?? NONE,
    total: query.data?.total ?? 0,
    totalCapped: query.data?.totalCapped ?? false,
    loading: enabled && query.isPending,
    failed: query.isError,
  };
}
