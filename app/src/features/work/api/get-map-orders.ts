import { useQuery } from '@tanstack/react-query';

import { IN_PROGRESS, PENDING } from '../model';
import { getOrders } from './get-orders';
import { workKeys } from './keys';

/** The most orders the map draws: one page of the list call (the call's largest). */
const MAP_ORDER_LIMIT = 500;

/** Under `orders`: any change of an order refreshes the map's layer too. */
export const mapOrdersKey = [...workKeys.orders, 'map'] as const;

/** How often the layer asks again while the page is visible: state changes reach the socket only for an order's members. */
const REFRESH_MS = 60_000;

/** POST /api/work/list `{located, states: pending + in progress}`, one page of 500: the open orders the map can place. */
export function useMapOrders(enabled: boolean) {
  return useQuery({
    queryKey: mapOrdersKey,
    queryFn: ({ signal }) => getOrders({ located: true, states: [PENDING, IN_PROGRESS], page: 1, pageSize: MAP_ORDER_LIMIT }, signal),
    enabled,
    refetchInterval: REFRESH_MS,
  });
}
