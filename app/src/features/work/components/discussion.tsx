/**
 * An order's discussion (its notes): the messages oldest first with "load earlier" (`message_list`, `beforeId`), mine
 * on the right; a message box with @mentions of the order's people and photos (the timeline's note form); "share"
 * hands out the read-only link (`shareUrl`, valid 7 days). Live: a new note of this order (`work.message`) refetches
 * the messages, which moves my read mark, then the unread counts; a state change (`work.order`) refetches the order.
 * Used by the discussions view and the order detail.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { Dialog } from '@/components/ui/dialog';
import { CheckIcon, SpinnerIcon, UsersIcon } from '@/components/ui/icons';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import type { Message } from '@/lib/api-types';
import { useApp } from '@/lib/app-context';
import { notify } from '@/lib/feedback';
import { formatDateTime } from '@/lib/format';
import { useOrder } from '../api/get-order';
import { messagesKey, useMessages } from '../api/get-messages';
import { useRelatedUsers } from '../api/get-related-users';
import { discussionSummaryKeys, workKeys } from '../api/keys';
import { inReadingOrder, shareLink } from '../discussion';
import { StateBadge } from './badges';
import { NoteComposer, type Mentionable } from './note-composer';
import { ImagePreview } from './timeline';
import { useWorkEvents } from './use-work-events';

interface DiscussionProps {
  orderId: number;
  /** Show the order's number, title and state above the messages (the discussions view; the detail has its own head). */
  withHead?: boolean;
  /** Before the title (the view's "back" on phones). */
  leading?: ReactNode;
  /** More buttons in the head row (the view's mute). */
  actions?: ReactNode;
  /** Where the order's number links to. */
  orderLink?: ReactNode;
}

export function Discussion({ orderId, withHead = false, leading, actions, orderLink }: DiscussionProps) {
  const { t } = useTranslation('work');
  const { user, origin } = useApp();
  const queryClient = useQueryClient();
  const order = useOrder({ id: orderId });
  const messages = useMessages(orderId);
  const writable = order.data?.writable === true;
  const related = useRelatedUsers({ id: orderId }, writable);
  const [preview, setPreview] = useState<string | null>(null);
  const [sharing, setSharing] = useState<{ copied: boolean } | null>(null);
  const me = typeof user?.ID === 'number' ? user.ID : user?.id;

  // every load of the messages moved my read mark: the list's and the header's counts follow
  const loadedAt = messages.dataUpdatedAt;
  useEffect(() => {
    if (loadedAt === 0) return;
    for (const queryKey of discussionSummaryKeys) void queryClient.invalidateQueries({ queryKey });
  }, [loadedAt, queryClient]);

  useWorkEvents(
    (event) => {
      if (event.orderId !== orderId) return;
      if (event.type === 'work.message') void queryClient.invalidateQueries({ queryKey: messagesKey(orderId) });
      else void queryClient.invalidateQueries({ queryKey: [...workKeys.orders, 'get-order'] });
    },
    () => void queryClient.invalidateQueries({ queryKey: messagesKey(orderId) }),
  );

  const list = messages.data ? inReadingOrder(messages.data.pages) : [];
  const shareUrl = messages.data?.pages[0]?.shareUrl ?? '';
  const link = shareUrl === '' ? '' : shareLink(origin || window.location.origin, shareUrl);
  // copied straight from the click (the browser lets a page write the clipboard while the user acts)
  const share = () => {
    setSharing({ copied: false });
    void copyLink(link, { copied: t('discussion.copiedNote'), failed: t('discussion.copyFailed') }).then((copied) => {
      setSharing((s) => (s ? { copied } : s));
    });
  };
  const members: Mentionable[] = (related.data ?? [])
    .filter((p) => p.id !== me)
    .map((p) => ({ id: p.id, name: p.nickName.trim() !== '' ? p.nickName.trim() : p.username }));

  return (
    <section className="flex h-full min-h-0 flex-col" aria-label={t('discussion.title')} data-testid="discussion" data-order-id={orderId}>
      {/* the buttons go under the title when the title would be squeezed (phones) */}
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-3 py-2 md:px-4 md:py-3">
        {leading}
        {withHead ? (
          <div className="min-w-0 flex-1 basis-48">
            <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
              {orderLink ?? <span className="tabular-nums">{order.data?.number}</span>}
              {order.data ? <StateBadge state={order.data.state} /> : null}
            </p>
            <h3 className="truncate text-sm font-semibold text-slate-900" data-testid="discussion-title">
              {order.data?.title}
            </h3>
          </div>
        ) : (
          <h3 className="flex-1 text-sm font-semibold text-slate-900">{t('discussion.title')}</h3>
        )}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {actions}
          <Button variant="secondary" size="sm" className="max-md:h-11" disabled={link === ''} onClick={share} data-testid="discussion-share">
            <UsersIcon className="size-4" />
            {t('discussion.share')}
          </Button>
        </div>
      </div>
      <MessageList
        messages={list}
        me={me}
        loading={messages.isPending}
        error={messages.isError ? messages.error.message || t('discussion.loadFailed') : null}
        onRetry={() => void messages.refetch()}
        hasMore={messages.hasNextPage}
        loadingMore={messages.isFetchingNextPage}
        onMore={() => void messages.fetchNextPage()}
        onPreview={setPreview}
      />
      {order.isError ? (
        <p className="border-t border-slate-100 p-4 text-sm text-red-600">{order.error.message}</p>
      ) : writable ? (
        <NoteComposer
          orderId={orderId}
          testId="message"
          members={members}
          quiet
          texts={{ label: t('discussion.message'), submit: t('discussion.send'), empty: t('discussion.messageEmpty') }}
        />
      ) : order.data ? (
        <p className="border-t border-slate-100 p-4 text-sm text-slate-500" data-testid="discussion-read-only">
          {t('discussion.readOnly')}
        </p>
      ) : null}
      {preview ? <ImagePreview url={preview} onClose={() => { setPreview(null); }} /> : null}
      {sharing ? <ShareDialog link={link} copied={sharing.copied} onCopy={share} onClose={() => { setSharing(null); }} /> : null}
    </section>
  );
}

interface MessageListProps {
  messages: readonly Message[];
  me: number | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  onPreview: (url: string) => void;
}

/** The scrolling messages: kept at the bottom as notes arrive, and in place while earlier ones load above. */
function MessageList({ messages, me, loading, error, onRetry, hasMore, loadingMore, onMore, onPreview }: MessageListProps) {
  const { t } = useTranslation('work');
  const scroller = useRef<HTMLDivElement>(null);
  // distance from the bottom before "load earlier", restored once the older notes are in
  const fromBottom = useRef<number | null>(null);
  const first = messages[0]?.id;
  const last = messages.at(-1)?.id;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (fromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - fromBottom.current;
      fromBottom.current = null;
    } else {
      el.scrollTop = el.scrollHeight;
    }
  }, [first, last]);

  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto bg-slate-50/60 px-3 py-3 md:px-4" data-testid="messages">
      {loading ? (
        <LoadingState />
      ) : error !== null ? (
        <ErrorState message={error} onRetry={onRetry} />
      ) : messages.length === 0 ? (
        <EmptyState title={t('discussion.empty')} />
      ) : (
        <>
          {hasMore ? (
            <div className="mb-3 flex justify-center">
              <Button
                variant="ghost"
                size="sm"
                className="max-md:h-11"
                disabled={loadingMore}
                onClick={() => {
                  const el = scroller.current;
                  fromBottom.current = el ? el.scrollHeight - el.scrollTop : null;
                  onMore();
                }}
                data-testid="messages-earlier"
              >
                {loadingMore ? <SpinnerIcon className="size-4 animate-spin" /> : null}
                {t('discussion.earlier')}
              </Button>
            </div>
          ) : null}
          <ol className="space-y-3" aria-label={t('discussion.messages')}>
            {messages.map((m) => (
              <MessageItem key={m.id} message={m} mentionsMe={me !== undefined && m.mentions.includes(me)} onPreview={onPreview} />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

function MessageItem({ message: m, mentionsMe, onPreview }: { message: Message; mentionsMe: boolean; onPreview: (url: string) => void }) {
  const { t } = useTranslation('work');
  return (
    <li className={cx('flex flex-col', m.mine ? 'items-end' : 'items-start')} data-testid="message" data-mine={m.mine} data-message-id={m.id}>
      <div className="mb-0.5 flex flex-wrap items-center gap-x-2 px-1 text-xs text-slate-500">
        <span className="font-medium text-slate-700">{m.mine ? t('discussion.me') : m.authorName}</span>
        <time className="tabular-nums" dateTime={m.at}>
          {formatDateTime(m.at)}
        </time>
        {mentionsMe ? <span className="rounded bg-amber-100 px-1.5 text-amber-800">{t('discussion.mentionsMe')}</span> : null}
      </div>
      <div
        className={cx(
          'max-w-[85%] rounded-2xl px-3 py-2 text-sm shadow-sm md:max-w-[70%]',
          m.mine ? 'rounded-tr-sm bg-accent text-white' : 'rounded-tl-sm bg-white text-slate-800 ring-1 ring-slate-200',
          mentionsMe && 'ring-2 ring-amber-300',
        )}
      >
        {m.content ? <p className="break-words whitespace-pre-wrap">{m.content}</p> : null}
        {m.images.length > 0 ? (
          <ul className={cx('flex flex-wrap gap-2', m.content && 'mt-2')}>
            {m.images.map((url, i) => (
              <li key={url}>
                <button type="button" onClick={() => { onPreview(url); }} aria-label={t('photos.open', { n: i + 1 })} className="block rounded-lg focus-visible:ring-2 focus-visible:ring-white">
                  <img src={url} alt="" loading="lazy" className="size-24 rounded-lg object-cover ring-1 ring-black/10" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}

/** Puts the link on the clipboard and says so; false when the browser refuses (permissions, plain http). */
async function copyLink(link: string, said: { copied: string; failed: string }): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(link);
    notify.success({ text: said.copied });
    return true;
  } catch {
    notify.error({ text: said.failed });
    return false;
  }
}

/** The read-only link of this discussion (copied when "share" was pressed), valid 7 days; selectable if copying failed. */
function ShareDialog({ link, copied, onCopy, onClose }: { link: string; copied: boolean; onCopy: () => void; onClose: () => void }) {
  const { t } = useTranslation('work');
  return (
    <Dialog open onClose={onClose} title={t('discussion.shareTitle')} description={t('discussion.shareNote')} testId="discussion-share-dialog">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code className="min-w-0 flex-1 rounded-md bg-slate-100 px-3 py-2 font-mono text-sm break-all select-all" data-testid="discussion-share-link">
          {link}
        </code>
        <Button variant={copied ? 'secondary' : 'accent'} className="max-md:h-11" onClick={onCopy} data-testid="discussion-share-copy">
          {copied ? <CheckIcon className="size-4" /> : null}
          {copied ? t('discussion.copied') : t('discussion.copy')}
        </Button>
      </div>
    </Dialog>
  );
}
