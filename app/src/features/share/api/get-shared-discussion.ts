import { useEffect, useState } from 'react';

import type { SharedDiscussion } from '@/lib/api-types';
import { ApiError, unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { DiscussionView } from '../types';

/** The envelope code of a refusal (a forged, expired or malformed link). */
const CODE_FAIL = 7;

/** POST /api/work/discussion_share {token} → the discussion a link shows (anonymous; code 7 for a bad link). */
export async function getSharedDiscussion(token: string, signal?: AbortSignal): Promise<SharedDiscussion> {
  // the page says what is wrong with the link itself: no toast, no loading overlay
  return unwrap(await api.post<SharedDiscussion>('/work/discussion_share', { token }, { signal, noErrorToast: true, noLoading: true }));
}

/** Loading, or no answer at all (network, server error): offered again. */
export type DiscussionState = DiscussionView | { kind: 'loading' } | { kind: 'failed' };

/**
 * The discussion behind `token`: what the host rendered it with, else asked for once in the browser. A fetch and a
 * state, no query cache: the public pages ship without the console's data layer.
 */
export function useSharedDiscussion(token: string, initial: DiscussionView | null): { state: DiscussionState; retry: () => void } {
  const [state, setState] = useState<DiscussionState>(initial ?? { kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const rendered = initial !== null;
  useEffect(() => {
    if (rendered) return;
    const controller = new AbortController();
    getSharedDiscussion(token, controller.signal).then(
      (discussion) => {
        setState({ kind: 'shown', discussion });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState(error instanceof ApiError && error.code === CODE_FAIL ? { kind: 'refused', message: error.message } : { kind: 'failed' });
      },
    );
    return () => {
      controller.abort();
    };
  }, [token, rendered, attempt]);
  return {
    state,
    retry: () => {
      setState({ kind: 'loading' });
      setAttempt((a) => a + 1);
    },
  };
}
