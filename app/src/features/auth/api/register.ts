import { useMutation } from '@tanstack/react-query';

import { api, type Answer } from '@/lib/request';
import type { LoginData } from './login';

export interface RegisterPayload {
  phone: string;
  smsCode: string;
  password: string;
  /** Display name. */
  nickName: string;
  realName: string;
  country: string;
  company: string;
  /** The `:id` of /g/:id (an invitation code) when it is not `register`. */
  invite?: string;
}

/** POST /api/base/register {phone, smsCode, password, nickName, realName, country, company}; signs the new account in. */
export function register(payload: RegisterPayload): Promise<Answer<Partial<LoginData>>> {
  return api.post<Partial<LoginData>>('/base/register', { ...payload });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
