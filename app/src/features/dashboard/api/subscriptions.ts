import { postCall, useCallQuery } from '@/lib/calls';
import type { ReportDelivery, ReportSubscription, SubscriptionInput } from '@/lib/api-types';
import { dashboardKey } from './keys';

export const subscriptionsKey = [...dashboardKey, 'subscriptions'] as const;

/** POST /api/dataReport/subscriptions {all?} → the caller's report subscriptions (an administrator's `all`: everyone's). */
export const getSubscriptions = postCall<{ all?: boolean }, ReportSubscription[]>('/dataReport/subscriptions', { noSupersede: true });

export function useSubscriptions(all: boolean) {
  return useCallQuery([...subscriptionsKey, all], getSubscriptions, { all });
}

/** POST /api/dataReport/subscription_save → the subscription as saved. */
export const saveSubscription = postCall<SubscriptionInput, ReportSubscription>('/dataReport/subscription_save');

/** POST /api/dataReport/subscription_delete {id}. */
export const deleteSubscription = postCall<{ id: number }, { id: number }>('/dataReport/subscription_delete');

/** POST /api/dataReport/subscription_send {id} → the report sent now through the subscription's channels. */
export const sendSubscription = postCall<{ id: number; day?: string }, ReportDelivery>('/dataReport/subscription_send');
