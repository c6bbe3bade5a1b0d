import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { BrandProfile } from '../../types';

export const brandsKey = ['system', 'brands'] as const;

/** POST /api/brand/list → the ten hostname brand profiles, in display order. */
export async function getBrands(_params: object, signal?: AbortSignal): Promise<BrandProfile[]> {
  const data = unwrap(await api.post<BrandProfile[]>('/brand/list', {}, { signal }));
  return Array.isArray(data) ? data : [];
}
