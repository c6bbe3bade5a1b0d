/** Push rules, member push settings, messages and webhooks as the server answers them (the rules contract). */

/** Where a push goes: the console (bell, message list, websocket) or the enterprise's webhooks. */
export type Channel = 'console' | 'webhook';
export const CHANNELS: readonly Channel[] = ['console', 'webhook'];

/** 1 warning, 2 critical (as alarms). */
export type AlarmLevel = 1 | 2;

export interface Rule {
  id: number;
  entId: number;
  name: string;
  kinds: number[];
  minLevel: number;
  channels: Channel[];
  allVehicles: boolean;
  vehicleIds: number[];
  groupIds: number[];
  tagIds: number[];
  memberIds: number[];
  enabled: boolean;
  quietFrom: string | null;
  quietTo: string | null;
  memberCount: number;
  vehicleCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface RuleMember {
  userId: number;
  nickName: string;
  /** Masked by the server (138****5678). */
  phone: string;
  roleName: string;
  pushEnabled: boolean;
  channels: Channel[];
  /** Empty: every kind. */
  kinds: number[];
  quietFrom: string | null;
  quietTo: string | null;
  ruleCount: number;
}

export type { Message } from '@/features/live';

export interface Webhook {
  id: number;
  entId: number;
  url: string;
  kinds: number[];
  minLevel: number;
  enabled: boolean;
  /** `…` and the secret's last four characters. */
  secretHint: string;
  lastStatus: number | null;
  lastDeliveredAt: string | null;
  failures: number;
}

/** The answer of a webhook save: the secret only when it was just made (create or rotate). */
export interface SavedWebhook extends Webhook {
  secret?: string;
}

export interface Delivery {
  id: number;
  webhookId: number;
  alarmId: number;
  event: string;
  attempt: number;
  status: number | null;
  error: string | null;
  deliveredAt: string | null;
  nextAt: string | null;
  createdAt: string;
}
