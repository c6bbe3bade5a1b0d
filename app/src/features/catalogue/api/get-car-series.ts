import { listCall } from '@/lib/calls';
import type { CarSeries } from '../types';

export interface CarSeriesParams {
  brandId: number;
}

/** POST /api/web/carType/carSeriesAll {brandId} → the series of a brand (every brand's come with carBrandAll). */
export const getCarSeries = listCall<CarSeriesParams, CarSeries>('/web/carType/carSeriesAll');
