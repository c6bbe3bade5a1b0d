/**
 * The signed-in member's messages (push_log mine) in one of three boxes: the inbox (not masked; unread filter; mark
 * read/unread, mask, delete), the masked box (unmask, delete) and system notices (read only).
 */
import { useTranslation } from 'react-i18next';

import { ResourceView } from '@/components/crud/resource-view';
import type { SearchField, SearchValues } from '@/components/crud/search-form';
import { RowAction } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { Badge } from '@/components/ui/states';
import { formatDateTime } from '@/lib/format';
import { useActOnMessages, type MessageAction } from '../api/act-on-messages';
import { getMessages, type MessageListParams } from '../api/get-messages';
import { rulesKeys } from '../api/keys';
import { maskable, messageHeadline } from '../model';
import type { Message } from '../types';
import { useAlarmLabels } from './use-alarm-labels';

export type MessageBox = 'inbox' | 'masked' | 'system';

const BOX_PARAMS: Record<MessageBox, MessageListParams> = {
  inbox: { mine: true, masked: false },
  masked: { mine: true, masked: true },
  system: { mine: true, system: true },
};

/** What a box lets the member do with the selected messages (deleting is the kit's own button). */
type BoxAction = Exclude<MessageAction, 'delete'>;
const BOX_ACTIONS: Record<MessageBox, readonly BoxAction[]> = {
  inbox: ['read', 'unread', 'mask'],
  masked: ['unmask'],
  system: [],
};

function readFilter(v: SearchValues): { read?: boolean } {
  return v.read === 'unread' ? { read: false } : v.read === 'read' ? { read: true } : {};
}

export function MessageList({ title, box }: { title: string; box: MessageBox }) {
  const { t } = useTranslation('rules');
  const labels = useAlarmLabels();
  const act = useActOnMessages();
  const actions = BOX_ACTIONS[box];
  const run = (action: MessageAction, ids: number[]) => act.mutateAsync({ action, ids });
  const searchFields: SearchField[] = [
    { name: 'read', label: t('message.state'), type: 'select', options: [{ value: 'unread', label: t('message.unread') }, { value: 'read', label: t('message.readDone') }] },
  ];
  const rowActions = (m: Message) => {
    const shown = actions.filter((a) => (a === 'read' ? !m.read : a === 'unread' ? m.read : a === 'mask' ? maskable(m) : true));
    return shown.map((a) => (
      <RowAction key={a} onClick={() => void run(a, [m.id]).catch(() => undefined)}>
        {t(`action.${a}`)}
      </RowAction>
    ));
  };

  return (
    <ResourceView<Message, MessageListParams, object, number>
      title={title}
      description={t(`message.${box}Description`)}
      testId={`messages-${box}`}
      queryKey={[...rulesKeys.messages, box]}
      fetchPage={getMessages}
      toParams={(v) => ({ ...BOX_PARAMS[box], ...readFilter(v) })}
      searchFields={searchFields}
      columns={[
        {
          key: 'headline',
          header: t('message.title'),
          primary: true,
          cell: (m) => (
            <span className={cx('inline-flex items-center gap-2', !m.read && 'font-semibold')}>
              {m.read ? null : <span className="size-2 shrink-0 rounded-full bg-red-500" role="img" aria-label={t('message.unread')} />}
              {messageHeadline(m, labels.kind, labels.level)}
            </span>
          ),
        },
        { key: 'content', header: t('message.content'), cell: (m) => m.content, className: 'max-w-96' },
        ...(box === 'system'
          ? []
          : [
              { key: 'plate', header: t('message.plate'), cell: (m: Message) => m.plate ?? '' },
              {
                key: 'kind',
                header: t('message.alarm'),
                cell: (m: Message) => (m.kind === null ? '' : <Badge tone={(m.level ?? 1) >= 2 ? 'red' : 'amber'}>{`${labels.kind(m.kind)} · ${labels.level(m.level ?? 1)}`}</Badge>),
              },
            ]),
        { key: 'time', header: t('message.time'), cell: (m) => formatDateTime(m.createdAt) },
      ]}
      rowKey={(m) => m.id}
      rowLabel={(m) => messageHeadline(m, labels.kind, labels.level)}
      rowActions={actions.length ? rowActions : undefined}
      bulkActions={
        actions.length
          ? (ids, clear) =>
              actions.map((a) => (
                <Button key={a} variant="secondary" size="sm" onClick={() => void run(a, ids).then(clear, () => undefined)}>
                  {t(`action.${a}`)}
                </Button>
              ))
          : undefined
      }
      remove={box === 'system' ? null : (ids) => run('delete', ids)}
    />
  );
}
