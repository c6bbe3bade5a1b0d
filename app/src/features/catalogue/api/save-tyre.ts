import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { catalogueKeys } from './keys';

/** POST /api/web/tyre/inUpTyre: creates (no id) or updates a tyre. */
export const saveTyre = postCall<{ id?: number; brandId: number; model: string; spec: string; grain: string; treadDepth?: number | null; pressure?: number | null; loadIndex?: string; remark?: string }>('/web/tyre/inUpTyre');

export function useSaveTyre() {
  return useApiMutation(saveTyre, { invalidate: [catalogueKeys.tyres] });
}
