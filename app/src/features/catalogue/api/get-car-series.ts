import { pageCall, usePageQuery, type Paging } from '../../../lib/calls';
import type { CarSeries } from '../types';
import { catalogueKeys } from './keys';

export interface CarSeriesParams {
  brandId: number;
}

/** POST /api/web/carType/carSeriesAll {brandId} → the series of a brand (every brand's come with carBrandAll). */
export const getCarSeries = pageCall<CarSeriesParams, CarSeries>('/web/carType/carSeriesAll');

export function useCarSeries(params: CarSeriesParams & Paging) {
  return usePageQuery(catalogueKeys.carSeries, getCarSeries, params);
}
