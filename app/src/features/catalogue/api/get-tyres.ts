import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { Tyre } from '../types';
import { catalogueKeys } from './keys';

export interface TyreParams {
  keyword?: string;
  brandId?: number;
  spec?: string;
  grain?: string;
}

/** POST /api/web/tyre/tyre_list {keyword?, brandId?, spec?, grain?} → tyres, paged (TyreRow). */
export const getTyres = pageCall<TyreParams, Tyre>('/web/tyre/tyre_list');

export function useTyres(params: TyreParams & Paging) {
  return usePageQuery(catalogueKeys.tyres, getTyres, params);
}
