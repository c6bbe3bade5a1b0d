/**
 * Received invitations in the console header: a button with the number of pending ones and a drawer to accept or
 * refuse them. Every signed-in role may answer an invitation, so this lives in the header, not in a menu view.
 * Nothing renders on the server or for visitors.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Drawer } from '@/components/ui/drawer';
import { MailIcon } from '@/components/ui/icons';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useHydrated } from '@/lib/local-store';
import { useSession } from '@/lib/console/session-context';
import { useInvitations } from '../api/get-invitations';
import { InvitationCard } from './invitation-card';

export function InvitationInbox() {
  const { t } = useTranslation('enterprise');
  const { hasToken, visitor } = useSession();
  const hydrated = useHydrated();
  const enabled = hydrated && hasToken && !visitor;
  const [open, setOpen] = useState(false);
  const pending = useInvitations({ page: 1, pageSize: 50, box: 'received', state: 0 }, enabled);
  if (!enabled || !pending.data) return null;
  const count = pending.data.total;
  const list = pending.data.list;
  return (
    <>
      <button
        type="button"
        className="relative rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 sm:p-2"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={count > 0 ? t('inbox.labelCount', { count }) : t('inbox.label')}
        title={t('inbox.label')}
        data-testid="invitation-inbox"
        onClick={() => {
          setOpen(true);
          void pending.refetch();
        }}
      >
        <MailIcon />
        {count > 0 ? (
          <span className="absolute top-1 right-1 flex min-w-4 items-center justify-center rounded-full bg-red-500 px-1 text-[10px] leading-4 font-semibold text-white" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>
      <Drawer
        open={open}
        onClose={() => {
          setOpen(false);
        }}
        title={t('inbox.title')}
        className="w-full max-w-md"
      >
        {pending.isError ? (
          <ErrorState onRetry={() => void pending.refetch()} />
        ) : pending.isFetching && list.length === 0 ? (
          <LoadingState />
        ) : list.length === 0 ? (
          <EmptyState title={t('inbox.empty')} />
        ) : (
          <ul className="space-y-3" data-testid="invitation-inbox-list">
            {list.map((inv) => (
              <li key={inv.ID}>
                <InvitationCard invitation={inv} />
              </li>
            ))}
          </ul>
        )}
      </Drawer>
    </>
  );
}
