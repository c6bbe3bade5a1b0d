import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { ServiceSetting, ServiceSettingInput } from '../types';
import { stockKeys } from './keys';

/** POST /api/web/service/serviceSetting {labourRate?, defaultWarehouseId?, intervalKm?, intervalDays?, taxRate?} → ServiceSetting. */
export const saveServiceSetting = postCall<ServiceSettingInput, ServiceSetting>('/web/service/serviceSetting');

export function useSaveServiceSetting() {
  return useApiMutation(saveServiceSetting, { invalidate: [stockKeys.serviceSetting] });
}
