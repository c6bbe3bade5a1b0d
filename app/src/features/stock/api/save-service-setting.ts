import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { ServiceSetting } from '../types';
import { stockKeys } from './keys';

/** POST /api/web/service/serviceSetting {labourRate?, defaultWarehouseId?, intervalKm?, intervalDays?, taxRate?} → ServiceSetting. */
export const saveServiceSetting = postCall<Partial<Omit<ServiceSetting, 'entId'>>, ServiceSetting>('/web/service/serviceSetting');

export function useSaveServiceSetting() {
  return useApiMutation(saveServiceSetting, { invalidate: [stockKeys.serviceSetting] });
}
