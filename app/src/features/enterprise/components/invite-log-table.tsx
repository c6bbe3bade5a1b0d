/** The invitation log: what happened to invitations (created, accepted, refused, cancelled), by whom. */
import { useTranslation } from 'react-i18next';

import { useResource } from '@/components/crud/resource-view';
import { Badge } from '@/components/ui/states';
import { formatDateTime } from '@/lib/format';
import { getInviteLog } from '../api/get-invite-log';
import { enterpriseKeys } from '../api/keys';
import type { InvitationLog } from '../types';

const TONE = { created: 'blue', accepted: 'green', refused: 'red', cancelled: 'slate' } as const;

export function InviteLogTable({ testId }: { testId: string }) {
  const { t } = useTranslation('enterprise');
  const log = useResource<InvitationLog, object, object, number>({
    title: t('log.title'),
    testId,
    tableTestId: testId,
    queryKey: [...enterpriseKeys.invitations, 'log'],
    fetchPage: getInviteLog,
    toParams: () => ({}),
    columns: [
      { key: 'createdAt', header: t('log.time'), primary: true, cell: (l) => <span className="tabular-nums">{formatDateTime(l.createdAt)}</span> },
      { key: 'action', header: t('log.action'), cell: (l) => <Badge tone={TONE[l.action]}>{t(`log.actions.${l.action}`, { defaultValue: l.action })}</Badge> },
      { key: 'actor', header: t('log.actor'), cell: (l) => l.actorName || '—' },
      { key: 'invitation', header: t('log.invitation'), cell: (l) => `#${l.invitationId}` },
      { key: 'note', header: t('log.note'), cell: (l) => l.note || '—' },
    ],
    rowKey: (l) => l.ID,
    rowLabel: (l) => `#${l.invitationId}`,
    texts: { loadFailed: t('list.loadFailed'), empty: t('log.empty') },
  });
  return (
    <div>
      {log.table}
      <div className="px-3">{log.pager}</div>
    </div>
  );
}
