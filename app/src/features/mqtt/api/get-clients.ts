import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { MqttClientRow } from '@/lib/api-types';
import { mqttKeys } from './keys';

export interface MqttClientParams {
  imei?: string;
}

/** POST /api/mqtt/clients → PageResult<MqttClientRow>: devices seen publishing reports, most recent first. */
export const getMqttClients = pageCall<MqttClientParams, MqttClientRow>('/mqtt/clients');

export function useMqttClients(params: MqttClientParams & Paging) {
  return usePageQuery(mqttKeys.clients, getMqttClients, params);
}
