import { postCall, useCallQuery } from '@/lib/calls';
import type { DrpSetting } from '../types';
import { stockKeys } from './keys';

/** POST /api/web/drp/getDrpSetting → DrpSetting (the defaults when never saved). */
export const getDrpSetting = postCall<object, DrpSetting>('/web/drp/getDrpSetting');

export function useDrpSetting() {
  return useCallQuery(stockKeys.drpSetting, getDrpSetting, {});
}
