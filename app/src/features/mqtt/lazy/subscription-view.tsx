/**
 * locus/mqttSubscription: topic filters the server subscribes to beside the report topic; each keeps its last 100
 * messages, shown with "Messages". Add/edit/delete take effect at once (no restart).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ResourceView } from '@/components/crud/resource-view';
import { RowAction } from '@/components/crud/view';
import { Badge } from '@/components/ui/states';
import type { MqttRuleRow } from '@/lib/api-types';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { formatDateTime } from '@/lib/format';
import { useDeleteMqttSubscription } from '../api/delete-subscription';
import { getMqttSubscriptions } from '../api/get-subscriptions';
import { mqttKeys } from '../api/keys';
import { useSaveMqttSubscription } from '../api/save-subscription';
import { MessagesPanel } from '../components/messages-panel';
import { EMPTY_RULE, ruleFields, ruleInput, ruleValues, type RuleValues } from '../components/rule-form';

export default function MqttSubscriptionView({ route }: MenuViewProps) {
  const { t } = useTranslation('mqtt');
  const { lang } = useApp();
  const save = useSaveMqttSubscription();
  const del = useDeleteMqttSubscription();
  const [showing, setShowing] = useState<MqttRuleRow | null>(null);
  return (
    <ResourceView<MqttRuleRow, Record<string, never>, RuleValues, number>
      title={menuTitle(route, lang)}
      testId="mqtt-subscriptions"
      queryKey={mqttKeys.subscriptions}
      fetchAll={getMqttSubscriptions}
      toParams={() => ({})}
      columns={[
        { key: 'name', header: t('rule.name'), primary: true, cell: (r) => r.name },
        { key: 'filter', header: t('rule.filter'), cell: (r) => <code className="break-all">{r.filter}</code> },
        { key: 'qos', header: t('rule.qos'), align: 'center', cell: (r) => r.qos },
        { key: 'enabled', header: t('rule.enabled'), cell: (r) => <Badge tone={r.enabled ? 'green' : 'slate'}>{r.enabled ? t('rule.on') : t('rule.off')}</Badge> },
        { key: 'buffered', header: t('rule.buffered'), align: 'right', cell: (r) => r.buffered },
        { key: 'lastAt', header: t('rule.lastAt'), cell: (r) => (r.lastAt ? formatDateTime(r.lastAt) : '—') },
      ]}
      rowKey={(r) => r.id}
      rowLabel={(r) => r.name}
      selectable={false}
      rowActions={(r) => (
        <RowAction
          onClick={() => {
            setShowing(r);
          }}
        >
          {t('rule.messages')}
        </RowAction>
      )}
      form={{
        addLabel: t('rule.addSubscription'),
        editTitle: (r) => t('rule.editSubscription', { name: r.name }),
        fields: ruleFields(t, false),
        empty: EMPTY_RULE,
        fromRow: ruleValues,
        save: (values, row) => save.mutateAsync(ruleInput(values, row?.id)),
        testId: 'mqtt-subscription-form',
      }}
      remove={async (ids) => {
        for (const id of ids) await del.mutateAsync({ id });
        if (showing && ids.includes(showing.id)) setShowing(null);
      }}
    >
      {showing ? (
        <MessagesPanel
          subscription={showing}
          onClose={() => {
            setShowing(null);
          }}
        />
      ) : (
        <p className="text-sm text-slate-500">{t('rule.pick')}</p>
      )}
    </ResourceView>
  );
}
