import { useMutation } from '@tanstack/react-query';

import { api, type Answer } from '@/lib/request';
import type { ScanStatus } from './scan-status';
import type { QrAction, ReconsRequest } from '@/lib/api-types';

/** What the phone does with a QR key: `scan` (the link was opened), `confirm` (sign the browser in) or `cancel`. */
export type { QrAction };

export type ReconsPayload = ReconsRequest;

/**
 * POST /api/user/recons {key, action} → {status}: the phone's side of a QR sign-in, with the phone's own session.
 * Refusals (code 7: expired key, a state that does not allow the action, a visitor) come back with the server's
 * message and no toast: the page shows them inline.
 */
export function recons(payload: ReconsPayload): Promise<Answer<{ status: ScanStatus }>> {
  return api.post<{ status: ScanStatus }>('/user/recons', { ...payload }, { noErrorToast: true });
}

export function useRecons() {
  return useMutation({ mutationFn: recons });
}
