import { pageCall } from '@/lib/calls';
import type { Delivery } from '../types';

/** POST /api/settingUrl/list {id} → the delivery attempts of that webhook, newest first, paged. */
export const getDeliveries = pageCall<{ id: number }, Delivery>('/settingUrl/list');
