import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { Invitation } from '../types';
import { enterpriseKeys } from './keys';
import type { InvitationRequest } from '@/lib/api-types';

export type AnswerPayload = InvitationRequest;

/** POST /api/web/ent/invitation {ID, action}: accept or refuse (the invited side), cancel (the inviting side). */
export async function answerInvitation(payload: AnswerPayload): Promise<Invitation> {
  return unwrap(await api.post<Invitation>('/web/ent/invitation', { ...payload }));
}

/** Accepting may add a membership or a relation: the switch list, members and relations are refreshed too. */
export function useAnswerInvitation() {
  return useApiMutation(answerInvitation, { invalidate: [enterpriseKeys.invitations, enterpriseKeys.toggle, enterpriseKeys.members, enterpriseKeys.relations] });
}
