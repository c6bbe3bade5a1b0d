import { pageCall, usePageQuery, type Paging } from '../../../lib/calls';
import type { TyreBrand } from '../types';
import { catalogueKeys } from './keys';

export interface TyreBrandParams {
  keyword?: string;
}

/** POST /api/web/tyre/tyreBrandAll → the tyre brands. */
export const getTyreBrands = pageCall<TyreBrandParams, TyreBrand>('/web/tyre/tyreBrandAll');

export function useTyreBrands(params: TyreBrandParams & Paging) {
  return usePageQuery(catalogueKeys.tyreBrands, getTyreBrands, params);
}
