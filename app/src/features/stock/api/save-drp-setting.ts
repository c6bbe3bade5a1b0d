import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { DrpSetting, DrpSettingInput } from '../types';
import { stockKeys } from './keys';

/** POST /api/web/drp/drpSetting {allowNegative?, valuation?, lowStock?, alertLowStock?} → DrpSetting (a valuation change is refused while stock is held). */
export const saveDrpSetting = postCall<DrpSettingInput, DrpSetting>('/web/drp/drpSetting');

export function useSaveDrpSetting() {
  return useApiMutation(saveDrpSetting, { invalidate: [stockKeys.drpSetting] });
}
