/**
 * superAdmin/operation: two tabs. Operations: the operation log (who changed what), paged, by method, path, status,
 * user and date; delete (the super admin only: the log is append-only for everyone else). Sign-ins: every attempt to
 * sign in (sign-in-records.tsx), read-only.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable, type Column } from '../../../../components/crud/data-table';
import { Pager } from '../../../../components/crud/pager';
import { SearchForm } from '../../../../components/crud/search-form';
import { useRowSelection } from '../../../../components/crud/selection';
import { ListToolbar, Panel, RowAction, RowActions, ViewPage, useListState } from '../../../../components/crud/view';
import { Button } from '../../../../components/ui/button';
import { TrashIcon } from '../../../../components/ui/icons';
import { Dialog } from '../../../../components/ui/dialog';
import { TabPanel, Tabs } from '../../../../components/ui/tabs';
import { Badge } from '../../../../components/ui/states';
import { useApp } from '../../../../lib/app-context';
import { confirmAction } from '../../../../lib/feedback';
import { formatDateTime, orUndefined } from '../../../../lib/format';
import type { MenuViewProps } from '../../../console/registry';
import { useButtons } from '../../../console/menu-route-context';
import { menuTitle } from '../../../console/menu-routes';
import { SUPER_ADMIN_ROLE } from '../../../enterprise/model';
import { HTTP_METHODS, type OperationRecord } from '../../types';
import { useDeleteOperationRecords } from '../api/delete-operation-records';
import { useOperationRecords, type OperationListParams } from '../api/get-operation-records';
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

/** The applied filters as the search form's values. */
function searchValues(filters: Filters): Record<string, string> {
  return Object.fromEntries(Object.entries<string | number | undefined>(filters).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
}

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
  const list = useListState<Filters>({});
  const can = useButtons();
  const mayDelete = mayDeleteOperations(can('delete'), user?.authorityId);
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('operations');
  const records = useOperationRecords({ page: list.page, pageSize: list.pageSize, ...list.filters });
  const remove = useDeleteOperationRecords();
  const [open, setOpen] = useState<OperationRecord | null>(null);
  const title = menuTitle(route, lang);
  const rows = records.data?.list ?? [];
  const selection = useRowSelection(rows, (r) => r.ID, { page: t('operations.selectPage'), row: (r) => t('operations.select', { path: `${r.method} ${r.path}` }) });

  const removeIds = async (ids: number[], text: string) => {
    if (!(await confirmAction({ key: 'confirm.deleteTitle' }, { text }))) return;
    await remove
      .mutateAsync(ids)
      .then(() => {
        selection.clear();
      })
      .catch(() => undefined);
  };
  const columns: Column<OperationRecord>[] = [
    ...(mayDelete ? [selection.column] : []),
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
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (r) => (
        <RowActions>
          <RowAction
            onClick={() => {
              setOpen(r);
            }}
          >
            {t('operations.view')}
          </RowAction>
          {mayDelete ? (
            <RowAction tone="danger" onClick={() => void removeIds([r.ID], t('operations.confirmDelete', { method: r.method, path: r.path }))}>
              {t('common.delete')}
            </RowAction>
          ) : null}
        </RowActions>
      ),
    },
  ];
  return (
    <ViewPage
      title={title}
      actions={
        <ListToolbar onRefresh={() => void (tab === 'signins' ? queryClient.invalidateQueries({ queryKey: signInRecordsKey }) : records.refetch())}>
          {tab === 'operations' && mayDelete && selection.selected.size > 0 ? (
            <Button variant="danger" size="sm" disabled={remove.isPending} onClick={() => void removeIds([...selection.selected], t('operations.confirmDeleteMany', { count: selection.selected.size }))}>
              <TrashIcon className="size-4" />
              {t('operations.deleteSelected', { count: selection.selected.size })}
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
        <Panel className="p-4">
          <SearchForm
            label={t('operations.search')}
            // the panel unmounts on the other tab: coming back, the form shows the filters still applied
            initial={searchValues(list.filters)}
            onSearch={(v) => {
              const filters = {
                method: orUndefined(v.method),
                path: orUndefined(v.path),
                status: num(v.status),
                userId: num(v.userId),
                startTime: orUndefined(v.startTime),
                endTime: orUndefined(v.endTime),
              };
              if (!list.setFilters(filters)) void records.refetch();
            }}
            fields={[
              { name: 'path', label: t('operations.path') },
              { name: 'method', label: t('operations.method'), type: 'select', options: HTTP_METHODS.map((m) => ({ value: m, label: m })) },
              { name: 'status', label: t('operations.status'), type: 'number' },
              { name: 'userId', label: t('operations.userId'), type: 'number' },
              { name: 'startTime', label: t('operations.startTime'), type: 'date' },
              { name: 'endTime', label: t('operations.endTime'), type: 'date' },
            ]}
          />
        </Panel>
        <Panel>
          <DataTable
            caption={title}
            columns={columns}
            rows={rows}
            rowKey={(r) => r.ID}
            loading={records.isPending}
            stale={records.isPlaceholderData}
            error={records.isError ? t('common.loadFailed') : null}
            onRetry={() => void records.refetch()}
            testId="operation-table"
          />
          <div className="px-3">
            <Pager total={records.data?.total ?? 0} page={list.page} pageSize={list.pageSize} onChange={list.setPaging} />
          </div>
        </Panel>
      </TabPanel>
      <TabPanel idPrefix="oplog" id="signins" active={tab === 'signins'}>
        <SignInRecords title={title} />
      </TabPanel>
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
