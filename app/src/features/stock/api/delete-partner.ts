import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { stockKeys } from './keys';

/** POST /api/web/drp/delPartner {id}: refused while moves name it. */
export const deletePartner = postCall<{ id: number }>('/web/drp/delPartner');

export function useDeletePartner() {
  return useApiMutation(deletePartner, { invalidate: [stockKeys.partners] });
}
