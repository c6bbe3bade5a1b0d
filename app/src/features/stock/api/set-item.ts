import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { ItemInput, StockItem } from '../types';
import { stockKeys } from './keys';

/** POST /api/web/service/setItem {id, code?, name?, unit?, price?, lowStock?, enabled?} → StockItem. */
export const setItem = postCall<ItemInput & { id: number }, StockItem>('/web/service/setItem');

export function useSetItem() {
  return useApiMutation(setItem, { invalidate: [stockKeys.items, stockKeys.balances] });
}
