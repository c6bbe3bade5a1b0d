import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { SavedWebhook } from '../types';
import { rulesKeys } from './keys';

export interface WebhookPayload {
  id?: number;
  url: string;
  kinds: number[];
  minLevel: number;
  enabled: boolean;
  delete?: boolean;
  rotateSecret?: boolean;
}

/** POST /api/settingUrl/save: creates, changes, deletes or rotates the secret of a webhook → it (+ `secret` once). */
export const saveWebhook = postCall<WebhookPayload, SavedWebhook>('/settingUrl/save');

export function useSaveWebhook() {
  return useApiMutation(saveWebhook, { invalidate: [rulesKeys.webhooks] });
}
