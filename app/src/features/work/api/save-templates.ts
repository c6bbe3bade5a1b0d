import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { OrderType, TemplateInput } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/order_type_t → OrderType: replaces an order type's templates. */
export const saveTemplates = postCall<TemplateInput, OrderType>('/work/order_type_t');

export function useSaveTemplates() {
  return useApiMutation(saveTemplates, { invalidate: [workKeys.types] });
}
