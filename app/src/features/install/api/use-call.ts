/**
 * A small call runner for the public site's signed-in pages (the site bundle has no query layer,
 * docs/ssr-contract.md): the answer, the refusal (an ApiError) and whether it is running, for one call at a time.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

import { ApiError } from '@/lib/query';
import { CODE_TRANSPORT } from '@/lib/request/config';

export interface CallState<R> {
  data: R | null;
  error: ApiError | null;
  running: boolean;
}

export function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(CODE_TRANSPORT, error instanceof Error ? error.message : String(error));
}

/** `run(payload)` starts the call (a running one is aborted); resolves with the answer, or null when refused. */
export function useCall<P, R>(call: (payload: P, signal: AbortSignal) => Promise<R>) {
  const [state, setState] = useState<CallState<R>>({ data: null, error: null, running: false });
  const controller = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      controller.current?.abort();
    },
    [],
  );
  const run = useCallback(
    async (payload: P): Promise<R | null> => {
      controller.current?.abort();
      const mine = new AbortController();
      controller.current = mine;
      setState((s) => ({ ...s, error: null, running: true }));
      try {
        const data = await call(payload, mine.signal);
        if (!mine.signal.aborted) setState({ data, error: null, running: false });
        return data;
      } catch (error) {
        if (!mine.signal.aborted) setState((s) => ({ ...s, error: toApiError(error), running: false }));
        return null;
      }
    },
    [call],
  );
  const reset = useCallback(() => {
    controller.current?.abort();
    setState({ data: null, error: null, running: false });
  }, []);
  return { ...state, run, reset };
}
