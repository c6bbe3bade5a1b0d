import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { Partner, PartnerInput } from '../types';
import { stockKeys } from './keys';

/** POST /api/web/drp/savePartner {id?, kind, name, contact?, phone?, address?, remark?} → Partner (name unique per enterprise and kind). */
export const savePartner = postCall<PartnerInput, Partner>('/web/drp/savePartner');

export function useSavePartner() {
  return useApiMutation(savePartner, { invalidate: [stockKeys.partners] });
}
