import { postCall, useCallQuery } from '@/lib/calls';
import type { DisposeTemplate, TemplateQuery } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/dispose_t → DisposeTemplate: an order type's dispose (close-out) form. */
export const getDisposeTemplate = postCall<TemplateQuery, DisposeTemplate>('/work/dispose_t');

export function useDisposeTemplate(payload: TemplateQuery, enabled = true) {
  return useCallQuery([...workKeys.types, 'get-dispose-template'], getDisposeTemplate, payload, enabled);
}
