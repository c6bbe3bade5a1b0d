import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { SuperviseSettings } from '../types';
import { enterpriseKeys } from './keys';

/** POST /api/web/ent/supervise {enabled, alarmTypes}: saves the given fields. */
export async function saveSupervise(payload: { enabled: boolean; alarmTypes: string[] }): Promise<SuperviseSettings> {
  return unwrap(await api.post<SuperviseSettings>('/web/ent/supervise', { ...payload }));
}

export function useSaveSupervise() {
  return useApiMutation(saveSupervise, { invalidate: [enterpriseKeys.supervise] });
}
