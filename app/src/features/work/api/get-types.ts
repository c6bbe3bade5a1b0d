import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { OrderType, TypeListQuery } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/type_list → PageResult<OrderType>: order types with their templates (the built-in ones while the enterprise has none). */
export const getTypes = pageCall<Omit<TypeListQuery, 'page' | 'pageSize'>, OrderType>('/work/type_list');

export function useTypes(params: Omit<TypeListQuery, 'page' | 'pageSize'> & Paging) {
  return usePageQuery([...workKeys.types, 'get-types'], getTypes, params);
}
