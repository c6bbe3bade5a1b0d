/**
 * The periodic report's subscriptions (`/dataReport/subscriptions`): who receives which report (daily, weekly,
 * monthly; XLSX or PDF) through which channels (an in-console message, one of the enterprise's webhooks), with the
 * latest delivery and its link; add one for oneself, send one now, remove one. Administrators may list every member's.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';

import { Panel } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { Checkbox, SelectInput } from '@/components/ui/fields';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { confirmAction, notify } from '@/lib/feedback';
import { useCallQuery } from '@/lib/calls';
import type { Cadence, ReportFormat, ReportSubscription } from '@/lib/api-types';
import { getWebhooks } from '@/features/rules';
import { deleteSubscription, saveSubscription, sendSubscription, subscriptionsKey, useSubscriptions } from '../api/subscriptions';

const CADENCES: readonly Cadence[] = ['daily', 'weekly', 'monthly'];
const FORMATS: readonly ReportFormat[] = ['xlsx', 'pdf'];

function AddForm({ onSaved }: { onSaved: () => Promise<void> }) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const [cadence, setCadence] = useState<Cadence>('weekly');
  const [format, setFormat] = useState<ReportFormat>('pdf');
  const [inConsole, setInConsole] = useState(true);
  const [webhookId, setWebhookId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const webhooks = useCallQuery([...subscriptionsKey, 'webhooks'], getWebhooks, { page: 1, pageSize: 100 });
  const hooks = webhooks.data?.list ?? [];
  const save = async () => {
    const channels = [...(inConsole ? ['console'] : []), ...(webhookId !== null ? ['webhook'] : [])];
    setBusy(true);
    try {
      await saveSubscription({ cadence, format, channels, webhookId });
      notify.success({ key: 'actions.done' });
      await onSaved();
    } catch {
      // the request layer showed the refusal
    } finally {
      setBusy(false);
    }
  };
  const label = 'mb-1 block text-xs text-slate-500';
  return (
    <div className="flex flex-wrap items-end gap-3 border-t border-slate-100 p-4" data-testid="subscription-form">
      <div>
        <label className={label} htmlFor={`${id}-cadence`}>
          {t('subscriptions.cadence')}
        </label>
        <SelectInput id={`${id}-cadence`} className="w-32" value={cadence} onChange={(e) => { setCadence(e.target.value as Cadence); }}>
          {CADENCES.map((c) => (
            <option key={c} value={c}>
              {t(`report.cadences.${c}`)}
            </option>
          ))}
        </SelectInput>
      </div>
      <div>
        <label className={label} htmlFor={`${id}-format`}>
          {t('subscriptions.format')}
        </label>
        <SelectInput id={`${id}-format`} className="w-28" value={format} onChange={(e) => { setFormat(e.target.value as ReportFormat); }}>
          {FORMATS.map((f) => (
            <option key={f} value={f}>
              {f.toUpperCase()}
            </option>
          ))}
        </SelectInput>
      </div>
      <label className="flex h-10 items-center gap-2 text-sm text-slate-700">
        <Checkbox checked={inConsole} onChange={(e) => { setInConsole(e.target.checked); }} />
        {t('subscriptions.console')}
      </label>
      {hooks.length > 0 ? (
        <div>
          <label className={label} htmlFor={`${id}-webhook`}>
            {t('subscriptions.webhook')}
          </label>
          <SelectInput
            id={`${id}-webhook`}
            className="w-56 max-w-full"
            value={webhookId ?? ''}
            onChange={(e) => { setWebhookId(e.target.value === '' ? null : Number(e.target.value)); }}
          >
            <option value="">{t('subscriptions.noWebhook')}</option>
            {hooks.map((h) => (
              <option key={h.id} value={h.id}>
                {h.url}
              </option>
            ))}
          </SelectInput>
        </div>
      ) : null}
      <Button size="sm" className="h-10" disabled={busy || (!inConsole && webhookId === null)} onClick={() => void save()} data-testid="subscription-add">
        {t('subscriptions.add')}
      </Button>
    </div>
  );
}

function Row({ row, showMember, onChanged }: { row: ReportSubscription; showMember: boolean; onChanged: () => Promise<void> }) {
  const { t } = useTranslation('dashboard');
  const last = row.lastDelivery;
  const remove = async () => {
    if (!(await confirmAction({ key: 'confirm.deleteTitle' }, { text: t('subscriptions.removeConfirm') }))) return;
    try {
      await deleteSubscription({ id: row.id });
      await onChanged();
    } catch {
      // the request layer showed the refusal
    }
  };
  const send = async () => {
    try {
      await sendSubscription({ id: row.id });
      notify.success({ text: t('subscriptions.sent') });
      await onChanged();
    } catch {
      // the request layer showed the refusal
    }
  };
  const channels = row.channels.map((c) => t(`subscriptions.channels.${c}`, { defaultValue: c })).join(t('subscriptions.and'));
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm" data-testid="subscription-row">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          {t(`report.cadences.${row.cadence}`)} · {row.format.toUpperCase()}
          {showMember ? <span className="ml-2 font-normal text-slate-500">{row.userName}</span> : null}
        </p>
        <p className="text-xs text-slate-500">
          {channels}
          {' · '}
          {last ? (
            last.url ? (
              <a className="text-sky-700 underline" href={last.url}>
                {t('subscriptions.last', { start: last.startDate, end: last.endDate })}
              </a>
            ) : (
              t('subscriptions.skipped', { start: last.startDate, note: last.note ?? '' })
            )
          ) : (
            t('subscriptions.none')
          )}
        </p>
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={() => void send()}>
          {t('subscriptions.sendNow')}
        </Button>
        <Button variant="danger" size="sm" onClick={() => void remove()}>
          {t('subscriptions.remove')}
        </Button>
      </div>
    </li>
  );
}

export function ReportSubscriptions() {
  const { t } = useTranslation('dashboard');
  const client = useQueryClient();
  const [all, setAll] = useState(false);
  const list = useSubscriptions(all);
  const refresh = () => client.invalidateQueries({ queryKey: subscriptionsKey });
  const rows = list.data ?? [];
  return (
    <div className="print:hidden" data-testid="report-subscriptions">
      <Panel
        title={t('subscriptions.title')}
        actions={
          <label className="flex items-center gap-2 text-xs text-slate-600">
            <Checkbox checked={all} onChange={(e) => { setAll(e.target.checked); }} />
            {t('subscriptions.everyone')}
          </label>
        }
      >
        <p className="px-4 pt-3 text-xs text-slate-500">{t('subscriptions.hint')}</p>
        {list.isPending ? (
          <LoadingState className="py-6" />
        ) : list.isError ? (
          <ErrorState message={t('chart.loadFailed')} onRetry={() => void list.refetch()} />
        ) : rows.length === 0 ? (
          <p className="p-4 text-sm text-slate-500" data-testid="subscriptions-empty">
            {t('subscriptions.empty')}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {rows.map((r) => (
              <Row key={r.id} row={r} showMember={all} onChanged={refresh} />
            ))}
          </ul>
        )}
        <AddForm onSaved={refresh} />
      </Panel>
    </div>
  );
}
