/**
 * superAdmin/operation: two tabs. Operations: the operation log (who changed what), paged, by method, path, status,
 * user and date; delete (the super admin only: the log is append-only for everyone else). Sign-ins: every attempt to
 * sign in (sign-in-records.tsx), read-only.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useResource } from '@/components/crud/resource-view';
import { ListToolbar, Panel, RowAction, ViewPage } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { TrashIcon } from '@/components/ui/icons';
import { Dialog } from '@/components/ui/dialog';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { Badge } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { formatDateTime, orUndefined } from '@/lib/format';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useButtons } from '@/lib/console/menu-route-context';
import { menuTitle } from '@/lib/console/menu-routes';
import { SUPER_ADMIN_ROLE } from '@/features/auth';
import { HTTP_METHODS, type OperationRecord } from '../../types';
import { useDeleteOperationRecords } from '../api/delete-operation-records';
import { getOperationRecords, operationRecordsKey, type OperationListParams } from '../api/get-operation-records';
import { signInRecordsKey } from '../api/get-sign-in-records';
import { SignInRecords } from './sign-in-records';

type Filters = Omit<OperationListParams, 'page' | 'pageSize'>;
type Tab = 'operations' | 'signins';

/**
 * Whether deleting operation records is offered: the menu's delete button is granted and the active role is the super
 * admin's (the server refuses everyone else with code 7: the log is append-only below the super admin).
 */
export function mayDeleteOperations(canDelete: boolean, authorityId: number | null | undefined): boolean {
  return canDelete && authorityId === SUPER_ADMIN_ROLE;
}

/** Latency for people (the server measures whole milliseconds). */
export function formatLatency(ms: number | null | undefined): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '—';
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

const num = (s: string | undefined) => (s && /^\d+$/.test(s) ? Number(s) : undefined);

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export default function OperationView({ route }: MenuViewProps) {
  const { t } = useTranslation('system');
  const { lang, user } = useApp();
  const can = useButtons();
  const mayDelete = mayDeleteOperations(can('delete'), user?.authorityId);
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('operations');
  const remove = useDeleteOperationRecords();
  const [open, setOpen] = useState<OperationRecord | null>(null);
  const title = menuTitle(route, lang);
  const records = useResource<OperationRecord, Filters, object, number>({
    title,
    testId: 'operation',
    queryKey: operationRecordsKey,
    fetchPage: getOperationRecords,
    toParams: (v) => ({
      method: orUndefined(v.method),
      path: orUndefined(v.path),
      status: num(v.status),
      userId: num(v.userId),
      startTime: orUndefined(v.startTime),
      endTime: orUndefined(v.endTime),
    }),
    searchFields: [
      { name: 'path', label: t('operations.path') },
      { name: 'method', label: t('operations.method'), type: 'select', options: HTTP_METHODS.map((m) => ({ value: m, label: m })) },
      { name: 'status', label: t('operations.status'), type: 'number' },
      { name: 'userId', label: t('operations.userId'), type: 'number' },
      { name: 'startTime', label: t('operations.startTime'), type: 'date' },
      { name: 'endTime', label: t('operations.endTime'), type: 'date' },
    ],
    columns: [
      { key: 'user', header: t('operations.user'), primary: true, cell: (r) => orUndefined(r.user?.nickName) ?? orUndefined(r.user?.userName) ?? (r.user_id ? `#${r.user_id}` : '—') },
      { key: 'time', header: t('operations.time'), cell: (r) => formatDateTime(r.CreatedAt) },
      { key: 'status', header: t('operations.status'), cell: (r) => <Badge tone={r.status >= 500 ? 'red' : r.status >= 400 ? 'amber' : 'green'}>{r.status}</Badge> },
      {
        key: 'code',
        header: t('operations.code'),
        cell: (r) => (typeof r.code === 'number' ? <Badge tone={r.code === 0 ? 'green' : 'amber'}>{r.code}</Badge> : <span className="text-slate-400">—</span>),
      },
      { key: 'ip', header: 'IP', cell: (r) => <span className="font-mono text-xs">{r.ip}</span> },
      { key: 'method', header: t('operations.method'), cell: (r) => <Badge>{r.method}</Badge> },
      { key: 'path', header: t('operations.path'), cell: (r) => <span className="font-mono text-xs">{r.path}</span> },
      { key: 'latency', header: t('operations.latency'), cell: (r) => formatLatency(r.latency_ms), align: 'right' },
    ],
    rowKey: (r) => r.ID,
    rowLabel: (r) => `${r.method} ${r.path}`,
    texts: {
      search: t('operations.search'),
      loadFailed: t('common.loadFailed'),
      confirmDelete: (r) => t('operations.confirmDelete', { method: r.method, path: r.path }),
      confirmDeleteSelected: (count) => t('operations.confirmDeleteMany', { count }),
      selectPage: t('operations.selectPage'),
      selectRow: (r) => t('operations.select', { path: `${r.method} ${r.path}` }),
    },
    rowActions: (r) => (
      <RowAction
        onClick={() => {
          setOpen(r);
        }}
      >
        {t('operations.view')}
      </RowAction>
    ),
    // the log is append-only below the super admin
    remove: mayDelete ? (ids) => remove.mutateAsync(ids) : null,
    bulkBar: false,
  });
  return (
    <ViewPage
      title={title}
      actions={
        <ListToolbar
          onRefresh={() => {
            if (tab === 'signins') void queryClient.invalidateQueries({ queryKey: signInRecordsKey });
            else records.refetch();
          }}
        >
          {tab === 'operations' && mayDelete && records.selected.length > 0 ? (
            <Button variant="danger" size="sm" disabled={remove.isPending} onClick={records.removeSelected}>
              <TrashIcon className="size-4" />
              {t('operations.deleteSelected', { count: records.selected.length })}
            </Button>
          ) : null}
        </ListToolbar>
      }
    >
      <Tabs<Tab>
        idPrefix="oplog"
        label={title}
        value={tab}
        onChange={setTab}
        tabs={[
          { id: 'operations', label: t('operations.tabs.operations') },
          { id: 'signins', label: t('operations.tabs.signIns') },
        ]}
      />
      <TabPanel idPrefix="oplog" id="operations" active={tab === 'operations'} className="space-y-4">
        <Panel className="p-4">{records.search}</Panel>
        <Panel>
          {records.table}
          <div className="px-3">{records.pager}</div>
        </Panel>
      </TabPanel>
      <TabPanel idPrefix="oplog" id="signins" active={tab === 'signins'}>
        <SignInRecords title={title} />
      </TabPanel>
      {records.dialogs}
      <Dialog
        open={open !== null}
        onClose={() => {
          setOpen(null);
        }}
        size="lg"
        title={open ? `${open.method} ${open.path}` : ''}
      >
        {open ? (
          <div className="space-y-4 text-sm">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-xs text-slate-600">
              <dt className="text-slate-400">{t('operations.time')}</dt>
              <dd>{formatDateTime(open.CreatedAt)}</dd>
              <dt className="text-slate-400">{t('operations.status')}</dt>
              <dd>
                {open.status}
                {typeof open.code === 'number' ? ` · ${t('operations.code')} ${String(open.code)}` : ''} · {formatLatency(open.latency_ms)}
              </dd>
              <dt className="text-slate-400">IP</dt>
              <dd className="font-mono">{open.ip}</dd>
            </dl>
            <div>
              <h3 className="mb-1 font-medium text-slate-800">{t('operations.body')}</h3>
              <pre className="max-h-64 overflow-auto rounded-lg bg-slate-50 p-3 text-xs break-all whitespace-pre-wrap">{pretty(open.body) || '—'}</pre>
            </div>
            <div>
              <h3 className="mb-1 font-medium text-slate-800">{t('operations.response')}</h3>
              <pre className="max-h-64 overflow-auto rounded-lg bg-slate-50 p-3 text-xs break-all whitespace-pre-wrap">{pretty(open.resp) || '—'}</pre>
            </div>
            <p className="text-xs break-all text-slate-500">{open.agent}</p>
          </div>
        ) : null}
      </Dialog>
    </ViewPage>
  );
}
