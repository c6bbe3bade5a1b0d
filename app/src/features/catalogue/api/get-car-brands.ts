import { listCall, useCallQuery } from '@/lib/calls';
import type { CarBrand } from '../types';
import { catalogueKeys } from './keys';

export interface CarBrandParams {
  keyword?: string;
}

/** POST /api/web/carType/carBrandAll {keyword?} → every car brand in scope with its series (the whole list). */
export const getCarBrands = listCall<CarBrandParams, CarBrand>('/web/carType/carBrandAll');

export function useCarBrands(params: CarBrandParams) {
  return useCallQuery(catalogueKeys.carBrands, getCarBrands, params);
}
