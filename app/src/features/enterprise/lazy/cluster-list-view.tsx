/** superAdmin/clusterList: the clusters the caller sees; create one, edit the ones the caller manages. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { DataTable, type Column } from '../../../components/crud/data-table';
import { FormDialog } from '../../../components/crud/form-dialog';
import { Pager } from '../../../components/crud/pager';
import { SearchForm } from '../../../components/crud/search-form';
import { ListToolbar, Panel, RowAction, RowActions, ViewPage, useListState } from '../../../components/crud/view';
import { Badge } from '../../../components/ui/states';
import { useApp } from '../../../lib/app-context';
import { formatDateTime, orUndefined } from '../../../lib/format';
import { useButtons } from '../../console/menu-route-context';
import type { MenuViewProps } from '../../console/registry';
import { menuTitle } from '../../console/menu-routes';
import { useEnterpriseId } from '../../console/session-context';
import { useMenuPath } from '../../console/use-menu-path';
import { useClusters } from '../api/get-clusters';
import { useCreateCluster } from '../api/save-cluster';
import { useUpdateCluster } from '../api/update-cluster';
import { clusterPayload, clusterValues, useClusterFields, type ClusterValues } from '../components/cluster-fields';
import type { Cluster } from '../types';

export default function ClusterListView({ route }: MenuViewProps) {
  const { t } = useTranslation('enterprise');
  const { lang } = useApp();
  const can = useButtons();
  const menuPath = useMenuPath();
  const enterpriseId = useEnterpriseId();
  const list = useListState<{ keyword?: string }>({});
  const clusters = useClusters({ page: list.page, pageSize: list.pageSize, ...list.filters });
  const create = useCreateCluster();
  const update = useUpdateCluster();
  const fields = useClusterFields();
  const [dialog, setDialog] = useState<{ kind: 'create' } | { kind: 'edit'; cluster: Cluster } | null>(null);
  const title = menuTitle(route, lang);

  const columns: Column<Cluster>[] = [
    {
      key: 'name',
      header: t('cluster.name'),
      primary: true,
      cell: (c) => {
        const to = menuPath('clusterDetail', { id: c.colonyId });
        return to ? (
          <Link to={to} className="text-accent font-medium hover:underline">
            {c.name}
          </Link>
        ) : (
          <span className="font-medium text-slate-900">{c.name}</span>
        );
      },
    },
    { key: 'id', header: 'ID', cell: (c) => <span className="tabular-nums">{c.colonyId}</span>, hideOnMobile: true },
    { key: 'domain', header: t('cluster.domain'), cell: (c) => c.domain || '—' },
    { key: 'supervisor', header: t('cluster.supervisor'), cell: (c) => c.supervisorEntName || '—' },
    { key: 'count', header: t('cluster.entCount'), cell: (c) => String(c.entCount), align: 'right' },
    { key: 'manageable', header: t('cluster.manageable'), cell: (c) => (c.manageable ? <Badge tone="green">{t('common.yes')}</Badge> : <Badge>{t('common.no')}</Badge>) },
    { key: 'createdAt', header: t('fields.createdAt'), cell: (c) => formatDateTime(c.createdAt), hideOnMobile: true },
    {
      key: 'actions',
      header: t('list.actions'),
      cell: (c) =>
        can('edit') && c.manageable ? (
          <RowActions>
            <RowAction
              onClick={() => {
                setDialog({ kind: 'edit', cluster: c });
              }}
            >
              {t('list.edit')}
            </RowAction>
          </RowActions>
        ) : null,
    },
  ];

  const d = dialog;
  return (
    <ViewPage
      title={title}
      actions={
        <ListToolbar
          onRefresh={() => void clusters.refetch()}
          onAdd={
            can('add')
              ? () => {
                  setDialog({ kind: 'create' });
                }
              : null
          }
          addLabel={t('cluster.add')}
        />
      }
    >
      <Panel className="p-4">
        <SearchForm
          label={t('cluster.search')}
          initial={{}}
          fields={[{ name: 'keyword', label: t('list.keyword') }]}
          onSearch={(v) => {
            if (!list.setFilters({ keyword: orUndefined(v.keyword) })) void clusters.refetch();
          }}
        />
      </Panel>
      <Panel>
        <DataTable
          caption={title}
          columns={columns}
          rows={clusters.data?.list ?? []}
          rowKey={(c) => c.colonyId}
          loading={clusters.isPending}
          stale={clusters.isPlaceholderData}
          error={clusters.isError ? t('list.loadFailed') : null}
          onRetry={() => void clusters.refetch()}
          testId="clusters-table"
        />
        <div className="px-3">
          <Pager total={clusters.data?.total ?? 0} page={list.page} pageSize={list.pageSize} onChange={list.setPaging} />
        </div>
      </Panel>
      {d ? (
        <FormDialog<ClusterValues>
          open
          onClose={() => {
            setDialog(null);
          }}
          title={d.kind === 'create' ? t('cluster.add') : t('cluster.editTitle', { name: d.cluster.name })}
          testId="cluster-form"
          fields={fields}
          initialValues={clusterValues(d.kind === 'edit' ? d.cluster : null, enterpriseId)}
          onSubmit={(v) => (d.kind === 'create' ? create.mutateAsync(clusterPayload(v)) : update.mutateAsync({ clusterId: d.cluster.colonyId, ...clusterPayload(v) }))}
        />
      ) : null}
    </ViewPage>
  );
}
