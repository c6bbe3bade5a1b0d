import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { deviceKeys } from './keys';

/** POST /api/web/device/change_tie: binds a sensor to a wheel position of the receiver's vehicle (replace takes it off elsewhere). */
export const changeTie = postCall<{ deviceId?: number; imei?: string; position: number; sensorNo: string; kind?: number; replace?: boolean }>('/web/device/change_tie');

export function useChangeTie() {
  return useApiMutation(changeTie, { invalidate: [deviceKeys.sensors] });
}
