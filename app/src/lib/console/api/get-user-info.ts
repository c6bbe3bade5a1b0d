import { useQuery } from '@tanstack/react-query';

import { unwrap } from '../../query';
import { api } from '../../request';
import type { SessionUser } from '../../state';

/** GET /api/user/getUserInfo → {userInfo}. */
export async function getUserInfo(signal?: AbortSignal): Promise<SessionUser> {
  const data = unwrap(await api.get<{ userInfo: SessionUser }>('/user/getUserInfo', undefined, { signal }));
  return data.userInfo;
}

export function userInfoQueryKey(token: string | null) {
  return ['userInfo', token] as const;
}

/** Fetched on first entry with a token (console-spec §2). */
export function useUserInfo(token: string | null) {
  return useQuery({
    queryKey: userInfoQueryKey(token),
    queryFn: ({ signal }) => getUserInfo(signal),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}
