import { useCallback, useState } from 'react';

import { ApiError, unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import { CODE_TRANSPORT } from '@/lib/request/config';

export interface CancellationAnswer {
  /** ms since the epoch */
  requestedAt: number;
  /** The end of the cooling-off period (ms). */
  coolingOffUntil: number;
}

/** POST /api/user/cancellation {password, reason} → the request's time and the end of its cooling-off period. */
export async function cancelAccount(payload: { password: string; reason: string }): Promise<CancellationAnswer> {
  return unwrap(await api.post<CancellationAnswer>('/user/cancellation', payload, { noErrorToast: true, noLoading: true }));
}

/** The request, its refusal (an ApiError, `field` naming `password` or `reason`) and whether it is on its way. */
export function useCancelAccount() {
  const [error, setError] = useState<ApiError | null>(null);
  const [running, setRunning] = useState(false);
  const run = useCallback(async (payload: { password: string; reason: string }): Promise<CancellationAnswer | null> => {
    setError(null);
    setRunning(true);
    try {
      return await cancelAccount(payload);
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError(CODE_TRANSPORT, String(e)));
      return null;
    } finally {
      setRunning(false);
    }
  }, []);
  return { run, error, running };
}
