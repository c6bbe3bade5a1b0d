import { pageCall, usePageQuery, type Paging } from '../../../lib/calls';
import type { CarClass } from '../types';
import { catalogueKeys } from './keys';

export interface CarClassParams {
  keyword?: string;
}

/** POST /api/web/carType/carClass → the vehicle classes (kind, axle layout, image). */
export const getCarClasses = pageCall<CarClassParams, CarClass>('/web/carType/carClass');

export function useCarClasses(params: CarClassParams & Paging) {
  return usePageQuery(catalogueKeys.carClasses, getCarClasses, params);
}
