import { useMutation } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';

export interface SendSmsPayload {
  phone: string;
  captchaId: string;
  captcha: string;
  purpose: 'register';
}

/** POST /api/base/sendSms {phone, captchaId, captcha, purpose:'register'}. */
export async function sendSms(payload: SendSmsPayload): Promise<unknown> {
  return unwrap(await api.post('/base/sendSms', { ...payload }));
}

export function useSendSms() {
  return useMutation({ mutationFn: sendSms });
}
