/**
 * colony/pushSetting: the acting enterprise's webhooks — add, edit, delete, rotate the signing secret (shown once,
 * with copy) — and each one's delivery log. Every change needs the view's `edit` button.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormDialog } from '@/components/crud/form-dialog';
import { ResourceView } from '@/components/crud/resource-view';
import { RowAction } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { Badge } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { confirmAction } from '@/lib/feedback';
import { formatDateTime } from '@/lib/format';
import { useButtons } from '@/lib/console/menu-route-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { getWebhooks } from '../api/get-webhooks';
import { rulesKeys } from '../api/keys';
import { useSaveWebhook, type WebhookPayload } from '../api/save-webhook';
import { isWebhookUrl } from '../model';
import { DeliveriesDrawer } from '../components/deliveries-drawer';
import { SecretDialog } from '../components/secret-dialog';
import { StatusBadge } from '../components/status-badge';
import { useAlarmLabels } from '../components/use-alarm-labels';
import type { Webhook } from '../types';

interface WebhookValues {
  url: string;
  kinds: number[];
  minLevel: number | '';
  enabled: boolean;
}

const EMPTY: WebhookValues = { url: '', kinds: [], minLevel: 1, enabled: true };

const payloadOf = (w: Webhook): WebhookPayload => ({ id: w.id, url: w.url, kinds: w.kinds, minLevel: w.minLevel, enabled: w.enabled });

export default function PushSettingView({ route }: MenuViewProps) {
  const { t } = useTranslation('rules');
  const { lang } = useApp();
  const can = useButtons();
  const labels = useAlarmLabels();
  const save = useSaveWebhook();
  const [editing, setEditing] = useState<{ row: Webhook | null } | null>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [log, setLog] = useState<Webhook | null>(null);
  const editable = can('edit');

  const submit = async (payload: WebhookPayload) => {
    const saved = await save.mutateAsync(payload);
    if (saved.secret) setSecret({ url: saved.url, secret: saved.secret });
  };
  const rotate = async (w: Webhook) => {
    if (await confirmAction({ text: t('webhook.rotate') }, { text: t('webhook.rotateConfirm', { url: w.url }) })) {
      await submit({ ...payloadOf(w), rotateSecret: true }).catch(() => undefined);
    }
  };
  const remove = async (w: Webhook) => {
    if (await confirmAction({ key: 'confirm.deleteTitle' }, { text: t('webhook.deleteConfirm', { url: w.url }) })) {
      await save.mutateAsync({ ...payloadOf(w), delete: true }).catch(() => undefined);
    }
  };

  return (
    <ResourceView<Webhook, { entId?: number }, object, number>
      title={menuTitle(route, lang)}
      description={t('webhook.description')}
      testId="webhooks"
      queryKey={rulesKeys.webhooks}
      fetchPage={getWebhooks}
      toParams={() => ({})}
      toolbar={
        editable ? (
          <Button variant="accent" size="sm" onClick={() => { setEditing({ row: null }); }}>
            <PlusIcon className="size-4" />
            {t('webhook.add')}
          </Button>
        ) : null
      }
      columns={[
        {
          key: 'url',
          header: t('webhook.url'),
          primary: true,
          className: 'min-w-56',
          cell: (w) => (
            <span className="inline-flex flex-wrap items-center gap-2 break-all">
              {w.url}
              <Badge tone={w.enabled ? 'green' : 'slate'}>{w.enabled ? t('rule.enabled') : t('rule.disabled')}</Badge>
            </span>
          ),
        },
        { key: 'kinds', header: t('field.kinds'), cell: (w) => labels.kindList(w.kinds, t('field.allKinds')), className: 'max-w-64' },
        { key: 'level', header: t('field.minLevel'), cell: (w) => labels.level(w.minLevel) },
        { key: 'secret', header: t('webhook.secret'), cell: (w) => <code className="text-xs">{w.secretHint}</code> },
        { key: 'status', header: t('webhook.lastStatus'), cell: (w) => <StatusBadge status={w.lastStatus} /> },
        { key: 'delivered', header: t('webhook.lastDeliveredAt'), cell: (w) => formatDateTime(w.lastDeliveredAt) },
        { key: 'failures', header: t('webhook.failures'), cell: (w) => w.failures, align: 'right' },
      ]}
      rowKey={(w) => w.id}
      rowLabel={(w) => w.url}
      rowActions={(w) => (
        <>
          <RowAction onClick={() => { setLog(w); }}>{t('webhook.deliveries')}</RowAction>
          {editable ? (
            <>
              <RowAction onClick={() => { setEditing({ row: w }); }}>{t('edit')}</RowAction>
              <RowAction onClick={() => void rotate(w)}>{t('webhook.rotate')}</RowAction>
              <RowAction tone="danger" onClick={() => void remove(w)}>{t('delete')}</RowAction>
            </>
          ) : null}
        </>
      )}
    >
      {editing ? (
        <FormDialog<WebhookValues>
          open
          onClose={() => { setEditing(null); }}
          title={editing.row ? t('webhook.editTitle') : t('webhook.add')}
          testId="webhook-form"
          fields={[
            { name: 'url', label: t('webhook.url'), type: 'text', required: true, wide: true, placeholder: 'https://', maxLength: 500, validate: (v) => (isWebhookUrl(String(v)) ? null : t('webhook.urlInvalid')) },
            { name: 'kinds', label: t('field.kinds'), type: 'multiselect', hint: t('field.kindsAllHint'), options: labels.kindOptions, wide: true },
            { name: 'minLevel', label: t('field.minLevel'), type: 'select', required: true, options: labels.levelOptions },
            { name: 'enabled', label: t('rule.enabled'), type: 'switch' },
          ]}
          initialValues={editing.row ? { url: editing.row.url, kinds: editing.row.kinds, minLevel: editing.row.minLevel, enabled: editing.row.enabled } : EMPTY}
          onSubmit={(v) => submit({ ...(editing.row ? { id: editing.row.id } : {}), url: v.url.trim(), kinds: v.kinds, minLevel: Number(v.minLevel), enabled: v.enabled })}
        />
      ) : null}
      {secret ? <SecretDialog url={secret.url} secret={secret.secret} onClose={() => { setSecret(null); }} /> : null}
      {log ? <DeliveriesDrawer webhook={log} onClose={() => { setLog(null); }} /> : null}
    </ResourceView>
  );
}
