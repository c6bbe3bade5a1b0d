import { useEffect, useState } from 'react';

import { ApiError, unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { SharedVehicle } from '../types';

/** How often an open share page refreshes (anonymous visitors have no websocket). */
export const SHARE_POLL_MS = 30_000;

/** The envelope code of a refusal (the link expired or was revoked). */
const CODE_FAIL = 7;

export interface ShareAddress {
  /** The `/mf/:id` segment: `P<code>` or a vehicle id. */
  id: string;
  code?: string;
}

/** POST /api/base/share {id, code} → the vehicle the link shows (anonymous; code 7 once expired or revoked). */
export async function getSharedVehicle(address: ShareAddress, signal?: AbortSignal): Promise<SharedVehicle> {
  // the page says "expired or not shared" itself; no toast, no loading overlay while polling
  return unwrap(await api.post<SharedVehicle>('/base/share', { ...address }, { signal, noErrorToast: true, noLoading: true }));
}

export interface SharedView {
  /** null once the link shows nothing (never did, or was revoked while open). */
  vehicle: SharedVehicle | null;
  /** The last refresh failed for another reason: the values shown may be old. */
  stale: boolean;
}

/**
 * The shared vehicle, starting from what the server rendered and refreshed every 30 s. A timer and a fetch, no query
 * cache: the public share page ships without the console's data layer.
 */
export function useSharedVehicle({ id, code }: ShareAddress, initial: SharedVehicle | null): SharedView {
  const [view, setView] = useState<SharedView>({ vehicle: initial, stale: false });
  // a link that showed nothing on the server stays that way; no point polling it
  const shown = initial !== null;
  useEffect(() => {
    if (!shown) return;
    const controller = new AbortController();
    const timer = window.setInterval(() => {
      getSharedVehicle({ id, code }, controller.signal).then(
        (vehicle) => {
          setView({ vehicle, stale: false });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const revoked = error instanceof ApiError && error.code === CODE_FAIL;
          setView((v) => (revoked ? { vehicle: null, stale: false } : { ...v, stale: true }));
        },
      );
    }, SHARE_POLL_MS);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, [id, code, shown]);
  return view;
}
