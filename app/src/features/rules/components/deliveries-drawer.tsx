/** The delivery log of one webhook: every attempt with its HTTP status, error and the next retry, newest first. */
import { useTranslation } from 'react-i18next';

import { useResource } from '@/components/crud/resource-view';
import { Drawer } from '@/components/ui/drawer';
import { formatDateTime } from '@/lib/format';
import { getDeliveries } from '../api/get-deliveries';
import { rulesKeys } from '../api/keys';
import type { Delivery, Webhook } from '../types';
import { StatusBadge } from './status-badge';

export function DeliveriesDrawer({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const { t } = useTranslation('rules');
  const title = t('webhook.deliveriesOf', { url: webhook.url });
  const deliveries = useResource<Delivery, { id: number }, object, number>({
    title,
    testId: 'webhook-deliveries',
    tableTestId: 'webhook-deliveries',
    queryKey: rulesKeys.deliveries,
    fetchPage: getDeliveries,
    toParams: () => ({ id: webhook.id }),
    columns: [
      { key: 'event', header: t('webhook.event'), primary: true, cell: (d) => `${d.event} · #${String(d.alarmId)}` },
      { key: 'attempt', header: t('webhook.attempt'), cell: (d) => d.attempt, align: 'right' },
      { key: 'status', header: t('webhook.status'), cell: (d) => <StatusBadge status={d.status} /> },
      { key: 'error', header: t('webhook.error'), cell: (d) => d.error ?? '', className: 'max-w-64 break-words' },
      { key: 'delivered', header: t('webhook.deliveredAt'), cell: (d) => formatDateTime(d.deliveredAt) },
      { key: 'next', header: t('webhook.nextAt'), cell: (d) => formatDateTime(d.nextAt) },
      { key: 'created', header: t('webhook.createdAt'), cell: (d) => formatDateTime(d.createdAt) },
    ],
    rowKey: (d) => d.id,
    rowLabel: (d) => d.event,
    texts: { loadFailed: t('loadFailed'), empty: t('webhook.noDeliveries') },
  });
  return (
    <Drawer open onClose={onClose} title={title} className="w-full max-w-3xl">
      {deliveries.table}
      {deliveries.pager}
    </Drawer>
  );
}
