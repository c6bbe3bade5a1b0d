import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { OrderType, TypeInput } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/order_type_save → OrderType | null: creates, changes or deletes (`delete: true`) an order type. */
export const saveType = postCall<TypeInput, OrderType | null>('/work/order_type_save');

export function useSaveType() {
  return useApiMutation(saveType, { invalidate: [workKeys.types] });
}
