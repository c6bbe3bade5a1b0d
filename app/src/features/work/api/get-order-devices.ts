import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { DeviceQuery, OrderDevice } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/order_device_ent → PageResult<OrderDevice>: devices an order may be opened on (optionally of one vehicle). */
export const getOrderDevices = pageCall<Omit<DeviceQuery, 'page' | 'pageSize'>, OrderDevice>('/work/order_device_ent');

export function useOrderDevices(params: Omit<DeviceQuery, 'page' | 'pageSize'> & Paging) {
  return usePageQuery([...workKeys.lookups, 'get-order-devices'], getOrderDevices, params);
}
