import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { RouteRow } from '../types';
import { placesKeys } from './keys';

export interface RouteListParams {
  name?: string;
  id?: number;
}

/** POST /api/route/list → PageResult<RouteRow>: routes with their nodes, length and vehicles. */
export const getRoutes = pageCall<RouteListParams, RouteRow>('/route/list');

export function useRoutes(params: RouteListParams & Paging) {
  return usePageQuery(placesKeys.routes, getRoutes, params);
}
