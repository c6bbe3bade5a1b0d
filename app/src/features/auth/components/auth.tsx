/**
 * The element directive of console-spec §6: children show only when the user's authorityId is among `ids`; with
 * `not`, only when it is not. Works on the server (the host passes the user's authorityId).
 */
import type { ReactNode } from 'react';

import { useApp } from '@/lib/app-context';
import { authVisible } from '../permissions';

export function Auth({ ids, not = false, children }: { ids: number | readonly number[]; not?: boolean; children: ReactNode }) {
  const { user } = useApp();
  return authVisible(ids, typeof user?.authorityId === 'number' ? user.authorityId : null, not) ? <>{children}</> : null;
}
