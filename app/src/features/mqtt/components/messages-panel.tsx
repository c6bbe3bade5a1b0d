/** The recent messages one subscription kept (newest first, read again every 3 s): topic, time, QoS, payload preview. */
import { useTranslation } from 'react-i18next';

import { Panel } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { Badge, EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import type { MqttRuleRow } from '@/lib/api-types';
import { formatBytes, formatDateTime } from '@/lib/format';
import { useMqttMessages } from '../api/get-messages';

export function MessagesPanel({ subscription, onClose }: { subscription: MqttRuleRow; onClose: () => void }) {
  const { t } = useTranslation('mqtt');
  const messages = useMqttMessages(subscription.id);
  return (
    <Panel
      title={t('rule.messagesOf', { name: subscription.name })}
      actions={
        <Button variant="ghost" size="sm" onClick={onClose}>
          {t('rule.close')}
        </Button>
      }
    >
      <div data-testid="mqtt-messages">
        {messages.isPending ? (
          <LoadingState />
        ) : messages.isError ? (
          <ErrorState onRetry={() => void messages.refetch()} />
        ) : messages.data.length === 0 ? (
          <EmptyState title={t('rule.noMessages')} />
        ) : (
          <ol className="divide-y divide-slate-100">
            {messages.data.map((m, i) => (
              <li key={`${m.receivedAt}-${String(i)}`} className="space-y-1 px-4 py-3" data-testid="mqtt-message">
                <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
                  <code className="break-all text-sm text-slate-900">{m.topic}</code>
                  <span>{formatDateTime(m.receivedAt)}</span>
                  <span>QoS {m.qos}</span>
                  <span>{formatBytes(m.bytes)}</span>
                  {m.retain ? <Badge tone="amber">{t('rule.retain')}</Badge> : null}
                  {m.truncated ? <Badge>{t('rule.truncated')}</Badge> : null}
                </div>
                <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs text-slate-800">{m.payload}</pre>
              </li>
            ))}
          </ol>
        )}
      </div>
    </Panel>
  );
}
