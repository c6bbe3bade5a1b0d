import { useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { AlarmSettings } from '../types';
import { enterpriseKeys } from './keys';

/** GET /api/tbEnterpriseAlarm/findTbEnterpriseAlarmNew?entId= → thresholds enterprise-wide and per axle position. */
export async function getAlarmThresholds(entId: number | null, signal?: AbortSignal): Promise<AlarmSettings> {
  const data = unwrap(await api.get<AlarmSettings>('/tbEnterpriseAlarm/findTbEnterpriseAlarmNew', entId === null ? {} : { entId }, { signal }));
  return { ...data, axles: Array.isArray(data.axles) ? data.axles : [] };
}

export function useAlarmThresholds(entId: number | null) {
  return useQuery({ queryKey: [...enterpriseKeys.alarm, entId], queryFn: ({ signal }) => getAlarmThresholds(entId, signal) });
}
