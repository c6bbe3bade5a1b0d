import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { BrandProfile } from '../../types';
import { brandsKey } from './get-brands';

/**
 * POST /api/brand/update {id, appName?, desc?, appLogo?, wsUrl?, appDomain?}: absent fields stay; a blank required
 * field, a malformed or already used domain is refused naming the field. Cached pages are dropped at once.
 */
export async function updateBrand(payload: Omit<BrandProfile, 'id'> & { id: number }): Promise<BrandProfile> {
  return unwrap(await api.post<BrandProfile>('/brand/update', { ...payload }));
}

export function useUpdateBrand() {
  return useApiMutation(updateBrand, { invalidate: [brandsKey] });
}
