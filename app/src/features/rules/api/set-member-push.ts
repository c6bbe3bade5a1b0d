import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { Channel, RuleMember } from '../types';
import { rulesKeys } from './keys';

export interface MemberPushPayload {
  userId: number;
  pushEnabled: boolean;
  channels: Channel[];
  /** Empty: every kind. */
  kinds: number[];
  quietFrom: string | null;
  quietTo: string | null;
}

/** POST /api/rule/setUser: a member's push settings (their own; an enterprise admin: anyone's there) → the member. */
export const setMemberPush = postCall<MemberPushPayload, RuleMember>('/rule/setUser');

export function useSetMemberPush() {
  return useApiMutation(setMemberPush, { invalidate: [rulesKeys.members] });
}
