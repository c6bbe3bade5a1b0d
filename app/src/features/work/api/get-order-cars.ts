import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { CarQuery, OrderCar } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/order_car → PageResult<OrderCar>: vehicles an order may be opened on. */
export const getOrderCars = pageCall<Omit<CarQuery, 'page' | 'pageSize'>, OrderCar>('/work/order_car');

export function useOrderCars(params: Omit<CarQuery, 'page' | 'pageSize'> & Paging) {
  return usePageQuery([...workKeys.lookups, 'get-order-cars'], getOrderCars, params);
}
