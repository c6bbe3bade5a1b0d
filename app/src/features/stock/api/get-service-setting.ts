import { postCall, useCallQuery } from '@/lib/calls';
import type { ServiceSetting } from '../types';
import { stockKeys } from './keys';

/** POST /api/web/service/getServiceSetting → ServiceSetting (the defaults when never saved). */
export const getServiceSetting = postCall<object, ServiceSetting>('/web/service/getServiceSetting');

export function useServiceSetting() {
  return useCallQuery(stockKeys.serviceSetting, getServiceSetting, {});
}
