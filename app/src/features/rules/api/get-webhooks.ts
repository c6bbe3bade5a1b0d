import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { Webhook } from '../types';
import { rulesKeys } from './keys';

/** POST /api/settingUrl/list (no id) → the acting enterprise's webhooks (a whole list, taken as one page). */
export const getWebhooks = pageCall<{ entId?: number }, Webhook>('/settingUrl/list');

export function useWebhooks(params: { entId?: number } & Paging) {
  return usePageQuery(rulesKeys.webhooks, getWebhooks, params);
}
