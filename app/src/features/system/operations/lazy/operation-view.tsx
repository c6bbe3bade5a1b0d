/** superAdmin/operation: the operation log (who changed what), paged, by method, path and status. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable, type Column } from '../../../../components/crud/data-table';
import { Pager } from '../../../../components/crud/pager';
import { SearchForm } from '../../../../components/crud/search-form';
import { ListToolbar, Panel, RowAction, ViewPage, useListState } from '../../../../components/crud/view';
import { Dialog } from '../../../../components/ui/dialog';
import { Badge } from '../../../../components/ui/states';
import { useApp } from '../../../../lib/app-context';
import { formatDateTime, orUndefined } from '../../../../lib/format';
import type { MenuViewProps } from '../../../console/registry';
import { menuTitle } from '../../../console/menu-routes';
import { HTTP_METHODS, type OperationRecord } from '../../types';
import { useOperationRecords, type OperationListParams } from '../api/get-operation-records';

type Filters = Omit<OperationListParams, 'page' | 'pageSize'>;

/** Latency for people: ms from `latency_ms`, or from Go nanoseconds. */
export function formatLatency(r: Pick<OperationRecord, 'latency' | 'latency_ms'>): string {
  const ms = typeof r.latency_ms === 'number' ? r.latency_ms : typeof r.latency === 'number' ? r.latency / 1e6 : null;
  if (ms === null) return '—';
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
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
  const { lang } = useApp();
  const list = useListState<Filters>({});
  const records = useOperationRecords({ page: list.page, pageSize: list.pageSize, ...list.filters });
  const [open, setOpen] = useState<OperationRecord | null>(null);
  const title = menuTitle(route, lang);
  const columns: Column<OperationRecord>[] = [
    { key: 'user', header: t('operations.user'), primary: true, cell: (r) => orUndefined(r.user?.nickName) ?? orUndefined(r.user?.userName) ?? (r.user_id ? `#${r.user_id}` : '—') },
    { key: 'time', header: t('operations.time'), cell: (r) => formatDateTime(r.CreatedAt ?? r.createdAt) },
    { key: 'status', header: t('operations.status'), cell: (r) => <Badge tone={r.status >= 500 ? 'red' : r.status >= 400 ? 'amber' : 'green'}>{r.status}</Badge> },
    { key: 'ip', header: 'IP', cell: (r) => <span className="font-mono text-xs">{r.ip}</span> },
    { key: 'method', header: t('operations.method'), cell: (r) => <Badge>{r.method}</Badge> },
    { key: 'path', header: t('operations.path'), cell: (r) => <span className="font-mono text-xs">{r.path}</span> },
    { key: 'latency', header: t('operations.latency'), cell: (r) => formatLatency(r), align: 'right' },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (r) => (
        <RowAction
          onClick={() => {
            setOpen(r);
          }}
        >
          {t('operations.view')}
        </RowAction>
      ),
    },
  ];
  return (
    <ViewPage title={title} actions={<ListToolbar onRefresh={() => void records.refetch()} />}>
      <Panel className="p-4">
        <SearchForm
          label={t('operations.search')}
          initial={{}}
          onSearch={(v) => {
            if (!list.setFilters({ method: orUndefined(v.method), path: orUndefined(v.path), status: v.status && /^\d+$/.test(v.status) ? Number(v.status) : undefined })) void records.refetch();
          }}
          fields={[
            { name: 'method', label: t('operations.method'), type: 'select', options: HTTP_METHODS.map((m) => ({ value: m, label: m })) },
            { name: 'path', label: t('operations.path') },
            { name: 'status', label: t('operations.status'), type: 'number' },
          ]}
        />
      </Panel>
      <Panel>
        <DataTable
          caption={title}
          columns={columns}
          rows={records.data?.list ?? []}
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
            {open.error_message ? <p className="rounded-lg bg-red-50 p-3 text-red-700">{open.error_message}</p> : null}
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
