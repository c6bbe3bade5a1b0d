/**
 * The header's push-message view (layout/pushMessage): a bell with my unread count and a popover of my latest
 * messages, kept live by the websocket's "message" frames (the page's shared connection). Opening a message in the
 * popover marks it read; the footer links to the message list. Nothing renders on the server, for visitors, or for
 * roles without the pushMessage layout piece.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { cx } from '@/components/ui/cx';
import { BellIcon } from '@/components/ui/icons';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { formatDateTime } from '@/lib/format';
import { useHydrated } from '@/lib/local-store';
import { useSession } from '@/lib/console/session-context';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { listenLive, socketUrl } from '@/features/live';
import { useActOnMessages } from '../api/act-on-messages';
import { useLatestMessages, type MessagePage } from '../api/get-messages';
import { rulesKeys } from '../api/keys';
import { addLatest, messageHeadline, unreadBadge } from '../model';
import type { Message } from '../types';
import { useAlarmLabels } from './use-alarm-labels';

const LATEST = 6;

export function MessageBell() {
  const { t } = useTranslation('rules');
  const { brand } = useApp();
  const { hasToken, visitor, token, menus } = useSession();
  const hydrated = useHydrated();
  const enabled = hydrated && hasToken && !visitor && token !== null && Boolean(menus?.byName.has('pushMessage'));
  const latest = useLatestMessages(LATEST, enabled);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    return listenLive(socketUrl(brand.wsUrl, window.location, token), {
      onMessage: (message: Message) => {
        // shown at once; the refetch then brings the server's count
        queryClient.setQueriesData<MessagePage>({ queryKey: [...rulesKeys.messages, 'latest'] }, (page) =>
          page ? { ...page, list: addLatest(page.list, message, LATEST), unread: page.unread + (message.read ? 0 : 1) } : page,
        );
        void queryClient.invalidateQueries({ queryKey: rulesKeys.messages });
      },
      // messages missed while the socket was down come with the resume; past what the server keeps, refetch
      onResync: () => {
        void queryClient.invalidateQueries({ queryKey: rulesKeys.messages });
      },
    });
  }, [enabled, token, brand.wsUrl, queryClient]);

  if (!enabled) return null;
  const unread = latest.data?.unread ?? 0;
  return (
    <div className="relative">
      <button
        type="button"
        className="relative rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 sm:p-2"
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={unread > 0 ? t('bell.labelCount', { count: unread }) : t('bell.label')}
        title={t('bell.label')}
        data-testid="message-bell"
        onClick={() => {
          setOpen((o) => !o);
        }}
      >
        <BellIcon />
        {unread > 0 ? (
          <span className="absolute top-1 right-1 flex min-w-4 items-center justify-center rounded-full bg-red-500 px-1 text-[10px] leading-4 font-semibold text-white" aria-hidden="true" data-testid="message-bell-count">
            {unreadBadge(unread)}
          </span>
        ) : null}
      </button>
      {open ? (
        <BellPopover
          page={latest.data}
          error={latest.isError}
          onRetry={() => void latest.refetch()}
          onClose={() => {
            setOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}

function BellPopover({ page, error, onRetry, onClose }: { page: MessagePage | undefined; error: boolean; onRetry: () => void; onClose: () => void }) {
  const { t } = useTranslation('rules');
  const labels = useAlarmLabels();
  const act = useActOnMessages(true);
  const listPath = useMenuPath()('messageList');
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  // Escape or a click outside closes it
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    const onDown = (e: PointerEvent) => {
      if (!panel.current?.parentElement?.contains(e.target as Node)) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [onClose]);

  const list = page?.list ?? [];
  const unreadIds = list.filter((m) => !m.read).map((m) => m.id);
  return (
    <div
      ref={panel}
      role="region"
      aria-labelledby={titleId}
      data-testid="message-bell-popover"
      className="fixed inset-x-2 top-14 z-40 rounded-xl bg-white shadow-xl ring-1 ring-slate-200 md:absolute md:inset-x-auto md:top-full md:right-0 md:mt-2 md:w-96"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-2.5">
        <h2 id={titleId} className="text-sm font-semibold text-slate-900">
          {t('bell.title')}
        </h2>
        {unreadIds.length > 0 ? (
          <button type="button" className="text-accent text-sm hover:underline" onClick={() => void act.mutateAsync({ action: 'read', ids: unreadIds }).catch(() => undefined)}>
            {t('bell.markShownRead')}
          </button>
        ) : null}
      </div>
      {error ? (
        <ErrorState onRetry={onRetry} />
      ) : !page ? (
        <LoadingState />
      ) : list.length === 0 ? (
        <EmptyState title={t('bell.empty')} />
      ) : (
        <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
          {list.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                className="block w-full px-4 py-2.5 text-left hover:bg-slate-50"
                onClick={() => {
                  if (!m.read) void act.mutateAsync({ action: 'read', ids: [m.id] }).catch(() => undefined);
                }}
              >
                <span className={cx('flex items-center gap-2 text-sm text-slate-900', !m.read && 'font-semibold')}>
                  {m.read ? null : <span className="size-2 shrink-0 rounded-full bg-red-500" role="img" aria-label={t('message.unread')} />}
                  <span className="min-w-0 flex-1 truncate">{messageHeadline(m, labels.kind, labels.level)}</span>
                </span>
                {m.content ? <span className="mt-0.5 line-clamp-2 block text-sm text-slate-600">{m.content}</span> : null}
                <span className="mt-0.5 block text-xs text-slate-400">{formatDateTime(m.createdAt)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {listPath ? (
        <div className="border-t border-slate-100 px-4 py-2.5 text-right">
          <Link to={listPath} className="text-accent text-sm font-medium hover:underline" onClick={onClose}>
            {t('bell.all')}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
