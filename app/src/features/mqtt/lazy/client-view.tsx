/**
 * locus/mqttClient: the devices seen publishing reports over MQTT since the server started (by the imei of their topic):
 * enterprise, first and last message, messages, reports accepted and refused, the last refusal's reason. Platform staff
 * see all (unregistered imeis too), an enterprise its own devices. Delete forgets an entry (platform staff).
 */
import { useTranslation } from 'react-i18next';

import { ResourceView } from '@/components/crud/resource-view';
import type { MqttClientRow } from '@/lib/api-types';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { formatDateTime, orUndefined } from '@/lib/format';
import { useDeleteMqttClient } from '../api/delete-client';
import { getMqttClients, type MqttClientParams } from '../api/get-clients';
import { mqttKeys } from '../api/keys';

export default function MqttClientView({ route }: MenuViewProps) {
  const { t } = useTranslation('mqtt');
  const { lang } = useApp();
  const del = useDeleteMqttClient();
  return (
    <ResourceView<MqttClientRow, MqttClientParams, object, string>
      title={menuTitle(route, lang)}
      testId="mqtt-clients"
      queryKey={mqttKeys.clients}
      fetchPage={getMqttClients}
      toParams={(s) => ({ imei: orUndefined(s.imei?.trim()) })}
      searchFields={[{ name: 'imei', label: t('client.imei') }]}
      columns={[
        { key: 'imei', header: t('client.imei'), primary: true, cell: (r) => <code>{r.imei}</code> },
        { key: 'enterprise', header: t('client.enterprise'), cell: (r) => r.enterpriseName ?? <span className="text-slate-400">{t('client.unregistered')}</span> },
        { key: 'first', header: t('client.firstAt'), cell: (r) => formatDateTime(r.firstAt) },
        { key: 'last', header: t('client.lastAt'), cell: (r) => formatDateTime(r.lastAt) },
        { key: 'messages', header: t('client.messages'), align: 'right', cell: (r) => r.messages },
        { key: 'accepted', header: t('client.accepted'), align: 'right', cell: (r) => r.accepted },
        { key: 'refused', header: t('client.refused'), align: 'right', cell: (r) => r.refused },
        { key: 'lastRefusal', header: t('client.lastRefusal'), cell: (r) => r.lastRefusal ?? '—' },
      ]}
      rowKey={(r) => r.imei}
      rowLabel={(r) => r.imei}
      selectable={false}
      remove={async (imeis) => {
        for (const imei of imeis) await del.mutateAsync({ imei });
      }}
      texts={{ confirmDelete: (r) => t('client.confirmDelete', { name: r.imei }) }}
    />
  );
}
