import { api, type Answer } from '@/lib/request';
import type { LoginData } from './login';

/** The automatic visitor sign-in (console-spec §2, §6): POST /api/base/login {type:'visitorLogin', username:'visitor'}. */
export function visitorLogin(): Promise<Answer<LoginData>> {
  return api.post<LoginData>('/base/login', { type: 'visitorLogin', username: 'visitor' }, { noLoading: true });
}
