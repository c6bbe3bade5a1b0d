/**
 * locus/mqttPublisher: publishes a message through the broker (topic without wildcards, text or JSON payload, QoS 0/1,
 * retain), e.g. a command to a device on `wheelend/<imei>/command`. Each publish is in the operation log; this view
 * lists what was published in this session.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormPanel } from '@/components/crud/form-panel';
import type { FieldDef } from '@/components/crud/form';
import { Panel, ViewPage } from '@/components/crud/view';
import { EmptyState } from '@/components/ui/states';
import type { MqttPublished } from '@/lib/api-types';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import { useButtons } from '@/lib/console/menu-route-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { notify } from '@/lib/feedback';
import { formatDateTime } from '@/lib/format';
import { useMqttOverview } from '../api/get-overview';
import { usePublishMqtt } from '../api/publish';
import { ModeBadge } from '../components/mode';

interface PublishValues {
  topic: string;
  format: string;
  payload: string;
  qos: number;
  retain: boolean;
}

const EMPTY: PublishValues = { topic: '', format: 'json', payload: '', qos: 0, retain: false };

export default function MqttPublisherView({ route }: MenuViewProps) {
  const { t } = useTranslation('mqtt');
  const { lang } = useApp();
  const can = useButtons();
  const publish = usePublishMqtt();
  const overview = useMqttOverview();
  const [sent, setSent] = useState<(MqttPublished & { at: string })[]>([]);
  const fields: FieldDef<PublishValues>[] = [
    {
      name: 'topic',
      label: t('publish.topic'),
      type: 'text',
      required: true,
      maxLength: 256,
      hint: t('publish.topicHint'),
      wide: true,
      validate: (v) => (/[+#]/.test(String(v)) ? t('publish.wildcard') : null),
    },
    { name: 'format', label: t('publish.format'), type: 'select', required: true, options: [{ value: 'json', label: t('publish.json') }, { value: 'text', label: t('publish.text') }] },
    { name: 'qos', label: t('publish.qos'), type: 'select', required: true, options: [{ value: 0, label: '0' }, { value: 1, label: '1' }] },
    {
      name: 'payload',
      label: t('publish.payload'),
      type: 'textarea',
      wide: true,
      validate: (v, values) => {
        if (values.format !== 'json') return null;
        try {
          JSON.parse(String(v));
          return null;
        } catch {
          return t('publish.badJson');
        }
      },
    },
    { name: 'retain', label: t('publish.retain'), type: 'switch' },
  ];
  return (
    <ViewPage title={menuTitle(route, lang)} actions={overview.data ? <ModeBadge mode={overview.data.mode} /> : null}>
      <Panel title={t('publish.title')} className="p-4">
        <FormPanel<PublishValues>
          testId="mqtt-publish-form"
          label={t('publish.title')}
          fields={fields}
          initialValues={EMPTY}
          readOnly={!can('add')}
          submitLabel={t('publish.send')}
          onSubmit={async (v) => {
            const done = await publish.mutateAsync({ topic: v.topic.trim(), payload: v.payload, format: v.format, qos: v.qos, retain: v.retain });
            notify.success({ text: t('publish.sent', { topic: done.topic, bytes: done.bytes }) });
            setSent((prev) => [{ ...done, at: new Date().toISOString() }, ...prev].slice(0, 20));
          }}
        />
      </Panel>
      <Panel title={t('publish.recent')}>
        {sent.length === 0 ? (
          <EmptyState title={t('publish.noneYet')} />
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="mqtt-published">
            {sent.map((s, i) => (
              <li key={`${s.at}-${String(i)}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm">
                <code className="break-all">{s.topic}</code>
                <span className="text-slate-500">{formatDateTime(s.at)}</span>
                <span className="text-slate-500">QoS {s.qos}</span>
                <span className="text-slate-500">{s.bytes} B</span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </ViewPage>
  );
}
