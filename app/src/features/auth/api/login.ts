import { api, type Answer } from '@/lib/request';
import type { SessionUser } from '@/lib/state';

export interface LoginData {
  token: string;
  user: SessionUser;
  expiresAt: number | string;
}

/** Login types of console-spec §4; the console's own sign-in forms use `system`. */
export type LoginType = 'visitorLogin' | 'work' | 'message' | 'system' | 'changeColony';

export interface LoginPayload {
  type: LoginType;
  username: string;
  password?: string;
  captcha?: string;
  captchaId?: string;
}

/** A refused sign-in answers code 7; `data.needCaptcha: true` asks for the graphic captcha. */
export interface LoginRefusal {
  needCaptcha?: boolean;
}

/** POST /api/base/login. Resolves with the envelope: the forms look at code and data themselves. */
export function login(payload: LoginPayload): Promise<Answer<LoginData | LoginRefusal>> {
  return api.post<LoginData | LoginRefusal>('/base/login', { ...payload });
}

export function isLoginData(data: unknown): data is LoginData {
  return typeof data === 'object' && data !== null && typeof (data as LoginData).token === 'string' && (data as LoginData).token !== '';
}
