import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { ThresholdPayload } from '../model';
import type { AlarmSettings } from '../types';
import { enterpriseKeys } from './keys';

/**
 * PUT /api/tbEnterpriseAlarm/updateTbEnterpriseAlarm {general, axles}: all or nothing; a bad value is refused with
 * code 7 and a message naming the field (`axles[1].highPressure must be between 1 and 20`).
 */
export async function updateAlarmThresholds(payload: ThresholdPayload & { entId?: number }): Promise<AlarmSettings> {
  return unwrap(await api.put<AlarmSettings>('/tbEnterpriseAlarm/updateTbEnterpriseAlarm', { ...payload }));
}

export function useUpdateAlarmThresholds() {
  return useApiMutation(updateAlarmThresholds, { invalidate: [enterpriseKeys.alarm] });
}
