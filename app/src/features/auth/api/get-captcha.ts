import { useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';

export interface Captcha {
  captchaId: string;
  /** A data URI of the picture. */
  picPath: string;
  captchaLength: number;
}

/** POST /api/base/captcha → {captchaId, picPath, captchaLength}. */
export async function getCaptcha(): Promise<Captcha> {
  return unwrap(await api.post<Captcha>('/base/captcha', {}, { noLoading: true }));
}

/** A fresh captcha while `enabled`; `refetch()` gives a new picture. `scope` keeps forms from sharing one. */
export function useCaptcha(enabled: boolean, scope: string) {
  return useQuery({ queryKey: ['captcha', scope], queryFn: getCaptcha, enabled, staleTime: Infinity, refetchOnMount: 'always' });
}
