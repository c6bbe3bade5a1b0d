import { useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { SharedVehicle } from '../types';
import { shareKey } from './keys';

/** How often an open share page refreshes (anonymous visitors have no websocket). */
export const SHARE_POLL_MS = 30_000;

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

/** The shared vehicle, starting from what the server rendered and refreshed every 30 s. */
export function useSharedVehicle(address: ShareAddress, initial: SharedVehicle | null) {
  return useQuery({
    queryKey: [...shareKey, 'view', address],
    queryFn: ({ signal }) => getSharedVehicle(address, signal),
    initialData: initial ?? undefined,
    // a link that showed nothing on the server stays that way; no point polling it
    enabled: initial !== null,
    refetchInterval: SHARE_POLL_MS,
    retry: false,
  });
}
