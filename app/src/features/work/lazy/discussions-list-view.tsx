/**
 * project/discussionsList: the discussions of the orders I am in (`discuss_list`: keyword, unread only), latest
 * activity first, with my unread total (`message_count`). Picking one opens its conversation beside the list; on
 * phones (≤768 px) the conversation takes the screen and "back" returns to the list. Mute and unmute (`shield`) in the
 * conversation's head. Live: a note elsewhere raises that discussion's count and the total; a note in the open one
 * shows at once (the conversation refetches, which reads it).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Pager } from '@/components/crud/pager';
import { SearchForm, type SearchValues } from '@/components/crud/search-form';
import { Panel, useListState, ViewPage } from '@/components/crud/view';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { BellIcon, ChevronLeftIcon } from '@/components/ui/icons';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import type { DiscussionRow } from '@/lib/api-types';
import { useApp } from '@/lib/app-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { formatDateTime, orUndefined } from '@/lib/format';
import { unreadBadge } from '@/features/rules';
import { useDiscussions } from '../api/get-discussions';
import { useUnread } from '../api/get-unread';
import { discussionSummaryKeys, workKeys } from '../api/keys';
import { useSetMuted } from '../api/set-muted';
import { StateBadge } from '../components/badges';
import { Discussion } from '../components/discussion';
import { useOrderPath } from '../components/order-columns';
import { useWorkEvents } from '../components/use-work-events';

const NO_FILTERS: SearchValues = { keyword: '', unread: '' };

export default function DiscussionsListView({ route }: MenuViewProps) {
  const { t } = useTranslation('work');
  const { lang } = useApp();
  const queryClient = useQueryClient();
  const list = useListState<SearchValues>(NO_FILTERS);
  const discussions = useDiscussions({
    keyword: orUndefined(list.filters.keyword),
    unread: list.filters.unread === 'true' ? true : undefined,
    page: list.page,
    pageSize: list.pageSize,
  });
  const unread = useUnread();
  const [selected, setSelected] = useState<number | null>(null);
  const rows = discussions.data?.list ?? [];
  const current = rows.find((r) => r.orderId === selected);

  useWorkEvents(
    (event) => {
      // a note in the open conversation: it refetches (reading the note) and then refreshes the counts itself
      if (event.type === 'work.message' && event.orderId === selected) return;
      for (const queryKey of discussionSummaryKeys) void queryClient.invalidateQueries({ queryKey });
    },
    () => void queryClient.invalidateQueries({ queryKey: workKeys.discussions }),
  );

  const total = unread.data?.unread ?? 0;
  return (
    <ViewPage
      title={menuTitle(route, lang)}
      description={t('discussion.description')}
      actions={
        <span
          className={cx('inline-flex h-8 items-center gap-1.5 rounded-full px-3 text-sm font-medium', total > 0 ? 'bg-red-50 text-red-700' : 'bg-slate-100 text-slate-600')}
          data-testid="discussions-unread"
          data-count={total}
        >
          {t('discussion.unreadTotal', { count: total })}
        </span>
      }
    >
      <div className="grid gap-4 md:grid-cols-[minmax(17rem,22rem)_1fr] xl:grid-cols-[minmax(20rem,26rem)_1fr]">
        <div className={cx('min-w-0 space-y-3', selected !== null && 'max-md:hidden')}>
          <Panel className="p-3">
            <SearchForm
              label={t('discussion.search')}
              initial={NO_FILTERS}
              fields={[
                { name: 'keyword', label: t('discussion.keyword') },
                { name: 'unread', label: t('discussion.show'), type: 'select', options: [{ value: 'true', label: t('discussion.unreadOnly') }] },
              ]}
              onSearch={(v) => {
                if (!list.setFilters(v)) void discussions.refetch();
              }}
            />
          </Panel>
          <Panel>
            {discussions.isPending ? (
              <LoadingState />
            ) : discussions.isError ? (
              <ErrorState message={discussions.error.message || t('discussion.listFailed')} onRetry={() => void discussions.refetch()} />
            ) : rows.length === 0 ? (
              <EmptyState title={t('discussion.none')} />
            ) : (
              <ul className="divide-y divide-slate-100" aria-label={t('discussion.list')} data-testid="discussions">
                {rows.map((row) => (
                  <DiscussionItem
                    key={row.orderId}
                    row={row}
                    selected={row.orderId === selected}
                    onOpen={() => {
                      setSelected(row.orderId);
                    }}
                  />
                ))}
              </ul>
            )}
            {discussions.data ? (
              <div className="px-3">
                <Pager total={discussions.data.total} page={list.page} pageSize={list.pageSize} onChange={list.setPaging} />
              </div>
            ) : null}
          </Panel>
        </div>
        <Panel
          className={cx(
            // the rest of the screen below the view's title (the console's header and tabs above it)
            'flex h-[calc(100dvh-12rem)] min-h-[26rem] min-w-0 flex-col overflow-hidden md:h-[calc(100dvh-14rem)] md:min-h-[30rem]',
            selected === null && 'max-md:hidden',
          )}
        >
          {selected === null ? (
            <EmptyState title={t('discussion.pick')} className="my-auto" />
          ) : (
            <Conversation
              key={selected}
              orderId={selected}
              row={current}
              onBack={() => {
                setSelected(null);
              }}
            />
          )}
        </Panel>
      </div>
    </ViewPage>
  );
}

function DiscussionItem({ row, selected, onOpen }: { row: DiscussionRow; selected: boolean; onOpen: () => void }) {
  const { t } = useTranslation('work');
  const last = row.lastMessage;
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={selected ? 'true' : undefined}
        className={cx('flex w-full min-w-0 gap-3 px-3 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none', selected && 'bg-accent/5')}
        data-testid={`discussion-${row.number}`}
        data-unread={row.unread}
      >
        <span className="min-w-0 flex-1 space-y-1">
          <span className="flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
            <span className="tabular-nums">{row.number}</span>
            <StateBadge state={row.state} />
            {row.muted ? (
              <span className="inline-flex items-center gap-0.5" title={t('discussion.muted')} data-testid="discussion-muted">
                <BellIcon className="size-3.5" aria-hidden="true" />
                {t('discussion.muted')}
              </span>
            ) : null}
          </span>
          <span className="block truncate text-sm font-medium text-slate-900">{row.title}</span>
          <span className="block truncate text-xs text-slate-600">
            {last ? t('discussion.lastMessage', { name: last.authorName, text: last.content || t('discussion.photo') }) : t('discussion.noMessages')}
          </span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1 text-xs text-slate-500">
          {last ? (
            <time className="tabular-nums" dateTime={last.at}>
              {formatDateTime(last.at)}
            </time>
          ) : null}
          <span>{t('discussion.count', { count: row.messages })}</span>
          {row.unread > 0 ? (
            <span
              className={cx('min-w-5 rounded-full px-1.5 text-center leading-5 font-semibold text-white', row.muted ? 'bg-slate-400' : 'bg-red-500')}
              aria-label={t('discussion.unread', { count: row.unread })}
              data-testid="discussion-unread"
            >
              {unreadBadge(row.unread)}
            </span>
          ) : null}
        </span>
      </button>
    </li>
  );
}

/** The open discussion with the view's own buttons: back (phones) and mute. */
function Conversation({ orderId, row, onBack }: { orderId: number; row: DiscussionRow | undefined; onBack: () => void }) {
  const { t } = useTranslation('work');
  const orderPath = useOrderPath();
  const mute = useSetMuted();
  return (
    <Discussion
      orderId={orderId}
      withHead
      orderLink={
        <AppLink to={orderPath(orderId)} className="text-accent tabular-nums hover:underline" data-testid="discussion-order-link">
          {row?.number ?? t('discussion.openOrder')}
        </AppLink>
      }
      leading={
        <Button variant="ghost" size="sm" className="h-11 md:hidden" onClick={onBack} data-testid="discussion-back">
          <ChevronLeftIcon className="size-4" />
          {t('discussion.back')}
        </Button>
      }
      actions={
        row ? (
            <Button
              variant="ghost"
              size="sm"
              className="max-md:h-11"
              aria-pressed={row.muted}
              disabled={mute.isPending}
              onClick={() => void mute.mutateAsync({ orderId, muted: !row.muted }).catch(() => undefined)}
              data-testid="discussion-mute"
            >
              <BellIcon className="size-4" />
              {row.muted ? t('discussion.unmute') : t('discussion.mute')}
            </Button>
        ) : null
      }
    />
  );
}
