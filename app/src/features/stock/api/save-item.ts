import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { ItemInput, StockItem } from '../types';
import { stockKeys } from './keys';

/** POST /api/web/service/saveItem → StockItem (a tyre item's name defaults to "brand model spec", the code to a generated one). */
export const saveItem = postCall<ItemInput, StockItem>('/web/service/saveItem');

export function useSaveItem() {
  return useApiMutation(saveItem, { invalidate: [stockKeys.items] });
}
