import { postJson, type ApiResult } from '../../../lib/api-client';
import type { SessionUser } from '../../../lib/state';

export interface LoginData {
  token: string;
  user: SessionUser;
  expiresAt: number | string;
}

/** POST /api/base/login with `{type: 'password', username, password}` (server-calls §7). */
export function loginWithPassword(username: string, password: string): Promise<ApiResult<LoginData>> {
  return postJson<LoginData>('/base/login', { type: 'password', username, password });
}
