/**
 * The public page of a discussion link (`/df/<token>`, valid 7 days): the order's number, title and state and its
 * messages (author, time, text, photos), read only, in the page's language. Rendered from the host's route data when
 * it has some, else asked for in the browser (`discussion_share`). A forged or expired link shows the server's words
 * under "this link is invalid or has expired".
 */
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { LinkButton } from '@/components/ui/button';
import { MapIcon } from '@/components/ui/icons';
import { Badge, EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import type { SharedDiscussion } from '@/lib/api-types';
import { useApp } from '@/lib/app-context';
import { paths } from '@/lib/paths';
import { stateTone } from '@/features/work';
import { useSharedDiscussion } from '../api/get-shared-discussion';
import { discussionFromData } from '../types';
import { useShareTime } from './use-share-time';

export function DiscussionSharePage() {
  const { id = '' } = useParams();
  const { data } = useApp();
  const { t } = useTranslation('share');
  const { state, retry } = useSharedDiscussion(id, discussionFromData(data));
  switch (state.kind) {
    case 'shown':
      return <SharedDiscussionView d={state.discussion} />;
    case 'refused':
      return <InvalidLink message={state.message} />;
    case 'failed':
      return (
        <section className="mx-auto max-w-xl px-6 py-16" data-testid="discussion-share-failed">
          <ErrorState message={t('discussion.failed')} onRetry={retry} />
        </section>
      );
    case 'loading':
      return <LoadingState className="py-24" />;
  }
}

function InvalidLink({ message }: { message: string }) {
  const { t } = useTranslation('share');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center" data-testid="discussion-share-invalid">
      <h1 className="text-xl font-semibold text-slate-900">{t('discussion.invalidTitle')}</h1>
      <p className="mt-3 text-sm leading-6 text-slate-600" data-testid="discussion-share-reason">
        {message}
      </p>
      <p className="mt-1 text-sm leading-6 text-slate-600">{t('discussion.invalidBody')}</p>
      <LinkButton to={paths.map} variant="secondary" className="mt-8">
        <MapIcon className="size-4" />
        {t('missing.back')}
      </LinkButton>
    </section>
  );
}

function SharedDiscussionView({ d }: { d: SharedDiscussion }) {
  const { t } = useTranslation('share');
  const time = useShareTime();
  return (
    <article className="mx-auto max-w-3xl space-y-6 px-4 py-8" data-testid="discussion-share">
      <header className="space-y-1">
        <p className="text-sm text-slate-500">{t('discussion.heading')}</p>
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-slate-500 tabular-nums" data-testid="discussion-share-number">
            {d.number}
          </span>
          <Badge tone={stateTone(d.state)}>{t(`discussion.state.${String(d.state)}` as 'discussion.state.100', { defaultValue: String(d.state) })}</Badge>
        </div>
        <h1 className="text-2xl font-semibold break-words text-slate-900">{d.title}</h1>
        <p className="text-xs text-slate-500">{t('discussion.readOnly')}</p>
      </header>
      {d.messages.length === 0 ? (
        <EmptyState title={t('discussion.empty')} />
      ) : (
        <ol className="space-y-3" aria-label={t('discussion.messages')} data-testid="discussion-share-messages">
          {d.messages.map((m) => (
            <li key={m.id} className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200" data-testid="discussion-share-message">
              <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-500">
                <span className="font-medium text-slate-800">{m.authorName}</span>
                <time className="tabular-nums" dateTime={m.at}>
                  {time(m.at)}
                </time>
              </p>
              {m.content ? <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800">{m.content}</p> : null}
              {m.images.length > 0 ? (
                <ul className="mt-2 flex flex-wrap gap-2">
                  {m.images.map((url, i) => (
                    <li key={url}>
                      <a href={url} target="_blank" rel="noreferrer" aria-label={t('discussion.photo', { n: i + 1 })} className="block rounded-lg focus-visible:ring-2 focus-visible:ring-accent">
                        <img src={url} alt="" loading="lazy" className="size-24 rounded-lg object-cover ring-1 ring-slate-200" />
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}
