import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';

/**
 * POST /api/sysAuthorityMenusEnterprise/addMenuAuthority {menus:[{ID}], authorityId, enterprise_id}: narrows the role
 * there to some of its own menus; an empty list lifts the narrowing.
 */
export async function addEnterpriseMenuAuthority(payload: { authorityId: number; enterpriseId: number | null; menuIds: number[] }): Promise<unknown> {
  return unwrap(
    await api.post('/sysAuthorityMenusEnterprise/addMenuAuthority', {
      authorityId: payload.authorityId,
      menus: payload.menuIds.map((ID) => ({ ID })),
      ...(payload.enterpriseId === null ? {} : { enterprise_id: payload.enterpriseId }),
    }),
  );
}

export function useAddEnterpriseMenuAuthority() {
  return useApiMutation(addEnterpriseMenuAuthority, { invalidate: [['system', 'entMenuAuthority'], ['system', 'entAuthorities'], ['menus']] });
}
