import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { ItemListParams, StockItem } from '../types';
import { stockKeys } from './keys';

/** POST /api/web/service/itemList {kind?, keyword?, enabled?} → PageResult<StockItem> (quantity: in all warehouses). */
export const getItems = pageCall<ItemListParams, StockItem>('/web/service/itemList');

/** The same call as a lookup (pickers), beside the list. */
export const getItemOptions = pageCall<ItemListParams, StockItem>('/web/service/itemList', { noSupersede: true });

export function useItemOptions(params: ItemListParams & Paging) {
  return usePageQuery([...stockKeys.items, 'options'], getItemOptions, params);
}
