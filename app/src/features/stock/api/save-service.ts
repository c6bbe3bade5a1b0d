import { postCall } from '@/lib/calls';
import { useApiMutation, type PageResult } from '@/lib/query';
import type { CarServiceRequest, ServiceRow } from '../types';
import { AFTER_MOVE, stockKeys } from './keys';

/**
 * POST /api/web/service/car_service {vehicleId, create} (the existing call): creates the record first, then answers
 * the vehicle's records. With lines the cost is their sum; part lines issue stock in the same transaction.
 */
export const saveService = postCall<CarServiceRequest, PageResult<ServiceRow>>('/web/service/car_service');

export function useSaveService() {
  return useApiMutation(saveService, { invalidate: [stockKeys.services, ...AFTER_MOVE] });
}
