import { useMutation, useQueryClient } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import { browserStorage, setToken, storedToken, storeUser } from '@/lib/session';
import type { SessionUser } from '@/lib/state';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { getUserInfo, userInfoQueryKey } from '@/lib/console/api/get-user-info';
import type { EnterpriseEntry } from '../types';
import { enterpriseKeys } from './keys';
import { getToggleList, toggleListKey } from './get-toggle-list';

export interface CutResult {
  token: string;
  user: SessionUser;
  expiresAt: number;
}

/** POST /api/web/ent/my_enterprise/cut {entId} → a token for the role held there (also in `new-token`) and the user. */
export async function cutEnterprise(entId: number): Promise<CutResult> {
  return unwrap(await api.post<CutResult>('/web/ent/my_enterprise/cut', { entId }));
}

/**
 * Switching enterprise (console-spec §4): the server switches, then the user and the enterprise list are fetched
 * again, and every other cached query is invalidated so lists show the new enterprise's data (the menu follows the
 * new enterprise id by its key). Resolves true when switched; rejects when refused (the layer has said why).
 *
 * The new enterprise id is stored before the call so that the token the answer brings (the layer stores it and tells
 * the session at once) is never paired with the old enterprise; a refusal puts the old id back.
 */
export function useSwitchEnterprise() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (entry: EnterpriseEntry): Promise<true> => {
      const previous = { ent: browserStorage.get(STORAGE_KEYS.nowEntId), colony: browserStorage.get(STORAGE_KEYS.colonyId) };
      browserStorage.set(STORAGE_KEYS.nowEntId, String(entry.value));
      if (entry.colonyId === null) browserStorage.remove(STORAGE_KEYS.colonyId);
      else browserStorage.set(STORAGE_KEYS.colonyId, String(entry.colonyId));
      let result: CutResult;
      try {
        result = await cutEnterprise(entry.value);
      } catch (err) {
        const restore = (key: string, value: string | null) => {
          if (value === null) browserStorage.remove(key);
          else browserStorage.set(key, value);
        };
        restore(STORAGE_KEYS.nowEntId, previous.ent);
        restore(STORAGE_KEYS.colonyId, previous.colony);
        throw err;
      }
      if (result.token && storedToken() !== result.token) setToken(result.token);
      storeUser(result.user);
      const token = storedToken();
      const user = await getUserInfo();
      storeUser(user);
      client.setQueryData(userInfoQueryKey(token), user);
      await client.query({ queryKey: toggleListKey(token), queryFn: ({ signal }) => getToggleList(signal), staleTime: 0 });
      await client.invalidateQueries({
        predicate: (q) => {
          const [root, kind] = q.queryKey;
          return root !== 'userInfo' && !(root === enterpriseKeys.all[0] && kind === enterpriseKeys.toggle[1]);
        },
      });
      return true;
    },
  });
}
