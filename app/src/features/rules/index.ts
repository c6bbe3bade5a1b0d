/** The public entry of features/rules: what other features and the app may use. */
export { MessageBell } from './components/message-bell';
export { unreadBadge } from './model';
export { getWebhooks } from './api/get-webhooks';
export type { Webhook } from './types';
