import { pageCall, usePageQuery, type Paging } from '../../../lib/calls';
import type { CarBrand } from '../types';
import { catalogueKeys } from './keys';

export interface CarBrandParams {
  keyword?: string;
}

/** POST /api/web/carType/carBrandAll {keyword?} → every car brand in scope with its series. */
export const getCarBrands = pageCall<CarBrandParams, CarBrand>('/web/carType/carBrandAll');

export function useCarBrands(params: CarBrandParams & Paging) {
  return usePageQuery(catalogueKeys.carBrands, getCarBrands, params);
}
