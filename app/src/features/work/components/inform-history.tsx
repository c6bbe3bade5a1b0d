/** A notice plan's history (`event_list {informId}`): its runs and the orders they opened, newest first, each order linked. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable } from '@/components/crud/data-table';
import { Pager } from '@/components/crud/pager';
import { AppLink } from '@/components/ui/app-link';
import { Dialog } from '@/components/ui/dialog';
import type { InformRow } from '@/lib/api-types';
import { formatDateTime } from '@/lib/format';
import { useEvents } from '../api/get-events';

export function InformHistory({ plan, onClose }: { plan: InformRow; onClose: () => void }) {
  const { t } = useTranslation('work');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const events = useEvents({ informId: plan.id, ...paging });
  return (
    <Dialog open onClose={onClose} title={t('plan.inform.historyOf', { name: plan.name })} size="lg" testId="inform-history">
      <DataTable
        caption={t('plan.inform.history')}
        columns={[
          { key: 'at', header: t('plan.project.at'), primary: true, cell: (e) => <time className="tabular-nums" dateTime={e.at}>{formatDateTime(e.at)}</time> },
          { key: 'text', header: t('plan.project.what'), cell: (e) => e.text },
          { key: 'plate', header: t('field.vehicle'), cell: (e) => e.plate ?? '—' },
          {
            key: 'order',
            header: t('field.number'),
            cell: (e) =>
              e.orderId ? (
                <AppLink to={`/wf/${String(e.orderId)}`} className="text-accent tabular-nums hover:underline">
                  {e.orderNumber ?? t('plan.orderById', { id: e.orderId })}
                </AppLink>
              ) : (
                '—'
              ),
          },
        ]}
        rows={events.data?.list ?? []}
        rowKey={(e) => e.id}
        loading={events.isPending}
        stale={events.isPlaceholderData}
        error={events.isError ? t('plan.inform.historyFailed') : null}
        onRetry={() => void events.refetch()}
        empty={t('plan.inform.noHistory')}
        testId="inform-events"
      />
      <Pager total={events.data?.total ?? 0} page={paging.page} pageSize={paging.pageSize} onChange={(page, pageSize) => { setPaging({ page, pageSize }); }} />
    </Dialog>
  );
}
