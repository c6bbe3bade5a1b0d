/** The invitation log: what happened to invitations (created, accepted, refused, cancelled), by whom. */
import { useTranslation } from 'react-i18next';

import { DataTable, type Column } from '../../../components/crud/data-table';
import { Pager } from '../../../components/crud/pager';
import { useListState } from '../../../components/crud/view';
import { Badge } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/format';
import { useInviteLog } from '../api/get-invite-log';
import type { InvitationLog } from '../types';

const TONE = { created: 'blue', accepted: 'green', refused: 'red', cancelled: 'slate' } as const;

export function InviteLogTable({ testId }: { testId: string }) {
  const { t } = useTranslation('enterprise');
  const list = useListState<null>(null);
  const log = useInviteLog({ page: list.page, pageSize: list.pageSize });
  const columns: Column<InvitationLog>[] = [
    { key: 'createdAt', header: t('log.time'), primary: true, cell: (l) => <span className="tabular-nums">{formatDateTime(l.createdAt)}</span> },
    { key: 'action', header: t('log.action'), cell: (l) => <Badge tone={TONE[l.action]}>{t(`log.actions.${l.action}`, { defaultValue: l.action })}</Badge> },
    { key: 'actor', header: t('log.actor'), cell: (l) => l.actorName || '—' },
    { key: 'invitation', header: t('log.invitation'), cell: (l) => `#${l.invitationId}` },
    { key: 'note', header: t('log.note'), cell: (l) => l.note || '—' },
  ];
  return (
    <div>
      <DataTable
        caption={t('log.title')}
        columns={columns}
        rows={log.data?.list ?? []}
        rowKey={(l) => l.ID}
        loading={log.isPending}
        stale={log.isPlaceholderData}
        error={log.isError ? t('list.loadFailed') : null}
        onRetry={() => void log.refetch()}
        empty={t('log.empty')}
        testId={testId}
      />
      <div className="px-3">
        <Pager total={log.data?.total ?? 0} page={list.page} pageSize={list.pageSize} onChange={list.setPaging} />
      </div>
    </div>
  );
}
