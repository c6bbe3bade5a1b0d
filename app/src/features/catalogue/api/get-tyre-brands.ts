import { listCall, useCallQuery } from '@/lib/calls';
import type { TyreBrand } from '../types';
import { catalogueKeys } from './keys';

export interface TyreBrandParams {
  keyword?: string;
}

/** POST /api/web/tyre/tyreBrandAll {keyword?} → every tyre brand (the whole list). */
export const getTyreBrands = listCall<TyreBrandParams, TyreBrand>('/web/tyre/tyreBrandAll');

export function useTyreBrands(params: TyreBrandParams) {
  return useCallQuery(catalogueKeys.tyreBrands, getTyreBrands, params);
}
