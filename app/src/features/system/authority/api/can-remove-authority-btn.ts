import { api, type Answer } from '@/lib/request';

/** POST /api/authorityBtn/canRemoveAuthorityBtn?id=: code 7 when a role still uses the button. */
export function canRemoveAuthorityBtn(id: number): Promise<Answer<unknown>> {
  return api.post('/authorityBtn/canRemoveAuthorityBtn', {}, { params: { id } });
}
