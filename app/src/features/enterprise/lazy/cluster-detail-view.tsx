/**
 * superAdmin/clusterDetail/:id: one cluster — its settings (editable when the caller manages it) and the enterprises
 * in it the caller sees: add existing ones, create a new one in it, take one out.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { DataTable, type Column } from '../../../components/crud/data-table';
import { FormDialog } from '../../../components/crud/form-dialog';
import { FormPanel } from '../../../components/crud/form-panel';
import { Pager } from '../../../components/crud/pager';
import { SearchForm } from '../../../components/crud/search-form';
import { ListToolbar, Panel, RowAction, RowActions, ViewPage, useListState } from '../../../components/crud/view';
import { Button, LinkButton } from '../../../components/ui/button';
import { ChevronLeftIcon } from '../../../components/ui/icons';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { useApp } from '../../../lib/app-context';
import { confirmAction } from '../../../lib/feedback';
import { formatDateTime, orUndefined } from '../../../lib/format';
import { useButtons } from '../../console/menu-route-context';
import type { MenuViewProps } from '../../console/registry';
import { menuTitle } from '../../console/menu-routes';
import { useMenuPath } from '../../console/use-menu-path';
import { useCluster } from '../api/get-cluster';
import { useClusterEnterprises } from '../api/get-cluster-enterprises';
import { useSaveClusterEnterprise } from '../api/save-cluster-enterprise';
import { useSetClusterEnterprises } from '../api/set-cluster-enterprises';
import { useUpdateCluster } from '../api/update-cluster';
import { useEnumLabels, VerifyBadge } from '../components/badges';
import { clusterPayload, clusterValues, useClusterFields, type ClusterValues } from '../components/cluster-fields';
import { enterprisePayload, enterpriseValues, useEnterpriseFields, type EnterpriseValues } from '../components/enterprise-fields';
import { EnterprisePicker } from '../components/enterprise-picker';
import { parentPath } from '../model';
import type { Enterprise } from '../types';

export default function ClusterDetailView({ route, params }: MenuViewProps) {
  const { t } = useTranslation('enterprise');
  const { lang } = useApp();
  const can = useButtons();
  const menuPath = useMenuPath();
  const labels = useEnumLabels();
  const id = Number(params.id);
  const colonyId = Number.isInteger(id) && id > 0 ? id : 0;
  const cluster = useCluster(colonyId);
  const list = useListState<{ keyword?: string }>({});
  const enterprises = useClusterEnterprises({ colonyId, page: list.page, pageSize: list.pageSize, ...list.filters });
  const update = useUpdateCluster();
  const membership = useSetClusterEnterprises();
  const saveEnt = useSaveClusterEnterprise();
  const clusterFields = useClusterFields();
  const entFields = useEnterpriseFields();
  const [dialog, setDialog] = useState<'add' | 'create' | null>(null);
  const back = menuPath('clusterList');
  const c = cluster.data;
  const manage = Boolean(c?.manageable) && can('edit');

  const takeOut = async (e: Enterprise) => {
    const ok = await confirmAction({ text: t('cluster.removeTitle') }, { text: t('cluster.confirmRemove', { name: e.entName }) });
    if (ok) await membership.mutateAsync({ colonyId, entIds: [e.entId], remove: true }).catch(() => undefined);
  };

  const columns: Column<Enterprise>[] = [
    {
      key: 'entName',
      header: t('fields.entName'),
      primary: true,
      cell: (e) => {
        const to = menuPath('enterpriseDetail', { id: e.entId });
        return to ? (
          <Link to={to} className="text-accent font-medium hover:underline">
            {e.entName}
          </Link>
        ) : (
          <span className="font-medium text-slate-900">{e.entName}</span>
        );
      },
    },
    { key: 'parent', header: t('fields.parent'), cell: (e) => parentPath(e) || t('fields.topLevel') },
    { key: 'type', header: t('fields.type'), cell: (e) => labels.entType(e.type) },
    { key: 'verify', header: t('fields.verifyState'), cell: (e) => <VerifyBadge state={e.verifyState} /> },
    { key: 'createdAt', header: t('fields.createdAt'), cell: (e) => formatDateTime(e.createdAt), hideOnMobile: true },
    {
      key: 'actions',
      header: t('list.actions'),
      cell: (e) =>
        manage ? (
          <RowActions>
            <RowAction tone="danger" onClick={() => void takeOut(e)}>
              {t('cluster.remove')}
            </RowAction>
          </RowActions>
        ) : null,
    },
  ];

  return (
    <ViewPage
      title={c ? c.name : menuTitle(route, lang)}
      description={c ? menuTitle(route, lang) : undefined}
      actions={
        back ? (
          <LinkButton to={back} variant="secondary" size="sm">
            <ChevronLeftIcon className="size-4" />
            {t('cluster.backToList')}
          </LinkButton>
        ) : null
      }
    >
      {cluster.isError || colonyId === 0 ? (
        <Panel className="p-5">
          <ErrorState message={t('cluster.notFound')} onRetry={() => void cluster.refetch()} />
        </Panel>
      ) : !c ? (
        <Panel className="p-5">
          <LoadingState />
        </Panel>
      ) : (
        <>
          <Panel title={t('cluster.settings')}>
            <div className="p-4">
              <FormPanel<ClusterValues>
                key={c.updatedAt}
                testId="cluster-settings"
                label={t('cluster.settings')}
                fields={clusterFields}
                readOnly={!manage}
                initialValues={clusterValues(c, null)}
                onSubmit={(v) => update.mutateAsync({ clusterId: c.colonyId, ...clusterPayload(v) })}
              />
            </div>
          </Panel>
          <Panel
            title={t('cluster.enterprises', { count: c.entCount })}
            actions={
              manage ? (
                <>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => {
                      setDialog('create');
                    }}
                  >
                    {t('cluster.createEnterprise')}
                  </Button>
                  <ListToolbar
                    onAdd={() => {
                      setDialog('add');
                    }}
                    addLabel={t('cluster.addEnterprise')}
                  />
                </>
              ) : null
            }
          >
            <div className="p-4">
              <SearchForm
                label={t('cluster.searchEnterprises')}
                initial={{}}
                fields={[{ name: 'keyword', label: t('list.keyword') }]}
                onSearch={(v) => {
                  if (!list.setFilters({ keyword: orUndefined(v.keyword) })) void enterprises.refetch();
                }}
              />
            </div>
            <DataTable
              caption={t('cluster.enterprises', { count: c.entCount })}
              columns={columns}
              rows={enterprises.data?.list ?? []}
              rowKey={(e) => e.entId}
              loading={enterprises.isPending}
              stale={enterprises.isPlaceholderData}
              error={enterprises.isError ? t('list.loadFailed') : null}
              onRetry={() => void enterprises.refetch()}
              testId="cluster-enterprises"
            />
            <div className="px-3">
              <Pager total={enterprises.data?.total ?? 0} page={list.page} pageSize={list.pageSize} onChange={list.setPaging} />
            </div>
          </Panel>
          <FormDialog<{ entId: number | '' }>
            open={dialog === 'add'}
            onClose={() => {
              setDialog(null);
            }}
            size="md"
            columns={1}
            title={t('cluster.addEnterprise')}
            testId="cluster-add"
            fields={[{ name: 'entId', label: t('cluster.enterprise'), type: 'custom', required: true, render: (p) => <EnterprisePicker {...p} /> }]}
            initialValues={{ entId: '' }}
            onSubmit={(v) => membership.mutateAsync({ colonyId, entIds: [Number(v.entId)] })}
          />
          <FormDialog<EnterpriseValues>
            open={dialog === 'create'}
            onClose={() => {
              setDialog(null);
            }}
            title={t('cluster.createEnterprise')}
            testId="cluster-create-enterprise"
            fields={entFields}
            initialValues={enterpriseValues(null)}
            onSubmit={(v) => saveEnt.mutateAsync({ colonyId, ...enterprisePayload(v, false) })}
          />
        </>
      )}
    </ViewPage>
  );
}
