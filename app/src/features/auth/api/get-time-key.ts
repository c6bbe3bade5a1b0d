import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';

export interface TimeKey {
  key: string;
  /** The confirmation page the QR code encodes: a path on this site (or a full URL). */
  qrUrl: string;
  /** Milliseconds since the epoch, or an ISO time. */
  expiresAt: number | string;
}

/** POST /api/base/timeKey → a QR sign-in key. */
export async function getTimeKey(): Promise<TimeKey> {
  return unwrap(await api.post<TimeKey>('/base/timeKey', {}, { noLoading: true }));
}
