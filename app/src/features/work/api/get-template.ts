import { postCall, useCallQuery } from '@/lib/calls';
import type { OrderType, TemplateQuery } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/t_info → OrderType: an order type's whole template (fields, defaults, dispose form). */
export const getTemplate = postCall<TemplateQuery, OrderType>('/work/t_info');

export function useTemplate(payload: TemplateQuery, enabled = true) {
  return useCallQuery([...workKeys.types, 'get-template'], getTemplate, payload, enabled);
}
