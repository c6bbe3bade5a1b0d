/**
 * locus/mqttRoute: forward rules: messages on a topic filter are republished to a target topic (`{imei}` substituted),
 * with how many were forwarded. Routes never feed one another, themselves or the report topic (the server refuses
 * such a rule, naming the field). Add/edit/delete take effect at once.
 */
import { useTranslation } from 'react-i18next';

import { ResourceView } from '@/components/crud/resource-view';
import { Badge } from '@/components/ui/states';
import type { MqttRuleRow } from '@/lib/api-types';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { formatDateTime } from '@/lib/format';
import { useDeleteMqttRoute } from '../api/delete-route';
import { getMqttRoutes } from '../api/get-routes';
import { mqttKeys } from '../api/keys';
import { useSaveMqttRoute } from '../api/save-route';
import { EMPTY_RULE, ruleFields, ruleInput, ruleValues, type RuleValues } from '../components/rule-form';

export default function MqttRouteView({ route }: MenuViewProps) {
  const { t } = useTranslation('mqtt');
  const { lang } = useApp();
  const save = useSaveMqttRoute();
  const del = useDeleteMqttRoute();
  return (
    <ResourceView<MqttRuleRow, Record<string, never>, RuleValues, number>
      title={menuTitle(route, lang)}
      testId="mqtt-routes"
      queryKey={mqttKeys.routes}
      fetchAll={getMqttRoutes}
      toParams={() => ({})}
      columns={[
        { key: 'name', header: t('rule.name'), primary: true, cell: (r) => r.name },
        { key: 'filter', header: t('rule.filter'), cell: (r) => <code className="break-all">{r.filter}</code> },
        { key: 'target', header: t('rule.target'), cell: (r) => <code className="break-all">{r.target}</code> },
        { key: 'qos', header: t('rule.qos'), align: 'center', cell: (r) => r.qos },
        { key: 'enabled', header: t('rule.enabled'), cell: (r) => <Badge tone={r.enabled ? 'green' : 'slate'}>{r.enabled ? t('rule.on') : t('rule.off')}</Badge> },
        { key: 'forwarded', header: t('rule.forwarded'), align: 'right', cell: (r) => r.forwarded },
        { key: 'skipped', header: t('rule.skipped'), align: 'right', cell: (r) => r.skipped },
        { key: 'lastAt', header: t('rule.lastAt'), cell: (r) => (r.lastAt ? formatDateTime(r.lastAt) : '—') },
      ]}
      rowKey={(r) => r.id}
      rowLabel={(r) => r.name}
      selectable={false}
      form={{
        addLabel: t('rule.addRoute'),
        editTitle: (r) => t('rule.editRoute', { name: r.name }),
        fields: ruleFields(t, true),
        empty: EMPTY_RULE,
        fromRow: ruleValues,
        save: (values, row) => save.mutateAsync(ruleInput(values, row?.id, true)),
        testId: 'mqtt-route-form',
      }}
      remove={async (ids) => {
        for (const id of ids) await del.mutateAsync({ id });
      }}
    />
  );
}
