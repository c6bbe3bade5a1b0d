/** "Push now": an ad-hoc notice (title and text) to the chosen members, through push_event; says how many got it. */
import { useTranslation } from 'react-i18next';

import { FormDialog } from '@/components/crud/form-dialog';
import { notify } from '@/lib/feedback';
import { usePushEvent } from '../api/push-event';

interface NoticeValues {
  title: string;
  content: string;
}

export function PushNoticeDialog({ memberIds, to, onClose }: { memberIds: number[]; to: string; onClose: () => void }) {
  const { t } = useTranslation('rules');
  const push = usePushEvent();
  return (
    <FormDialog<NoticeValues>
      open
      onClose={onClose}
      size="md"
      columns={1}
      title={t('push.title')}
      description={t('push.to', { to })}
      testId="push-notice"
      submitLabel={t('push.send')}
      fields={[
        { name: 'title', label: t('push.noticeTitle'), type: 'text', required: true, maxLength: 100 },
        { name: 'content', label: t('push.content'), type: 'textarea', required: true, maxLength: 1000 },
      ]}
      initialValues={{ title: '', content: '' }}
      onSubmit={async (v) => {
        const { delivered } = await push.mutateAsync({ title: v.title.trim(), content: v.content.trim(), memberIds });
        notify.success({ text: t('push.delivered', { count: delivered }) });
      }}
    />
  );
}
