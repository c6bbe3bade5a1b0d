/** The delivery log of one webhook: every attempt with its HTTP status, error and the next retry, newest first. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable } from '../../../components/crud/data-table';
import { Pager } from '../../../components/crud/pager';
import { DEFAULT_PAGE_SIZE } from '../../../components/crud/paging';
import { Drawer } from '../../../components/ui/drawer';
import { formatDateTime } from '../../../lib/format';
import { useDeliveries } from '../api/get-deliveries';
import type { Webhook } from '../types';
import { StatusBadge } from './status-badge';

export function DeliveriesDrawer({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const { t } = useTranslation('rules');
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const deliveries = useDeliveries({ id: webhook.id, ...paging });
  const title = t('webhook.deliveriesOf', { url: webhook.url });
  return (
    <Drawer open onClose={onClose} title={title} className="w-full max-w-3xl">
      <DataTable
        caption={title}
        testId="webhook-deliveries"
        rows={deliveries.data?.list ?? []}
        rowKey={(d) => d.id}
        loading={deliveries.isPending}
        error={deliveries.isError ? t('loadFailed') : null}
        onRetry={() => void deliveries.refetch()}
        empty={t('webhook.noDeliveries')}
        columns={[
          { key: 'event', header: t('webhook.event'), primary: true, cell: (d) => `${d.event} · #${String(d.alarmId)}` },
          { key: 'attempt', header: t('webhook.attempt'), cell: (d) => d.attempt, align: 'right' },
          { key: 'status', header: t('webhook.status'), cell: (d) => <StatusBadge status={d.status} /> },
          { key: 'error', header: t('webhook.error'), cell: (d) => d.error ?? '', className: 'max-w-64 break-words' },
          { key: 'delivered', header: t('webhook.deliveredAt'), cell: (d) => formatDateTime(d.deliveredAt) },
          { key: 'next', header: t('webhook.nextAt'), cell: (d) => formatDateTime(d.nextAt) },
          { key: 'created', header: t('webhook.createdAt'), cell: (d) => formatDateTime(d.createdAt) },
        ]}
      />
      <Pager total={deliveries.data?.total ?? 0} page={paging.page} pageSize={paging.pageSize} onChange={(page, pageSize) => { setPaging({ page, pageSize }); }} />
    </Drawer>
  );
}
