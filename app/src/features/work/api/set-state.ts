import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { OrderDetail, SetState } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/setState → OrderDetail: one transition with a remark. */
export const setState = postCall<SetState, OrderDetail>('/work/setState');

export function useSetState() {
  return useApiMutation(setState, { invalidate: [workKeys.orders, workKeys.states] });
}
