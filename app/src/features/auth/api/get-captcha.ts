import { useCallback, useEffect, useState } from 'react';

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

/**
 * A fresh captcha for this form while `enabled`; `refetch()` asks for a new picture (the old one stays until it
 * arrives). Plain React state, no query cache: the public sign-in page ships without the console's data layer.
 */
export function useCaptcha(enabled: boolean) {
  const [answer, setAnswer] = useState<{ data?: Captcha; isError: boolean }>({ isError: false });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    getCaptcha().then(
      (data) => {
        if (current) setAnswer({ data, isError: false });
      },
      () => {
        if (current) setAnswer((a) => ({ ...a, isError: true }));
      },
    );
    return () => {
      current = false;
    };
  }, [enabled, round]);
  const refetch = useCallback(() => {
    setRound((r) => r + 1);
  }, []);
  return { data: answer.data, isError: answer.isError, refetch };
}
