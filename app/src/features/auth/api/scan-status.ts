import type { SessionUser } from '@/lib/state';
import { api, type Answer } from '@/lib/request';
import type { QrStatus } from '@/lib/api-types';

export type ScanStatus = QrStatus;

export interface ScanResult {
  status: ScanStatus;
  token?: string;
  user?: SessionUser;
}

/** POST /api/base/scan {key} → {status, token?, user?}; polled while the QR code is shown. */
export function scanStatus(key: string): Promise<Answer<ScanResult>> {
  return api.post<ScanResult>('/base/scan', { key }, { noLoading: true });
}
