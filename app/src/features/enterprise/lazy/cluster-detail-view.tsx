/**
 * superAdmin/clusterDetail/:id: one cluster — its settings (editable when the caller manages it) and the enterprises
 * in it the caller sees: add existing ones, create a new one in it, take one out.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { FormDialog } from '@/components/crud/form-dialog';
import { FormPanel } from '@/components/crud/form-panel';
import { useResource } from '@/components/crud/resource-view';
import { ListToolbar, Panel, RowAction, ViewPage } from '@/components/crud/view';
import { Button, LinkButton } from '@/components/ui/button';
import { ChevronLeftIcon } from '@/components/ui/icons';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { confirmAction } from '@/lib/feedback';
import { formatDateTime, orUndefined } from '@/lib/format';
import { useButtons } from '@/lib/console/menu-route-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { useCluster } from '../api/get-cluster';
import { getClusterEnterprises, type ClusterEnterpriseParams } from '../api/get-cluster-enterprises';
import { enterpriseKeys } from '../api/keys';
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
  const update = useUpdateCluster();
  const membership = useSetClusterEnterprises();
  const saveEnt = useSaveClusterEnterprise();
  const clusterFields = useClusterFields();
  const entFields = useEnterpriseFields();
  const [creating, setCreating] = useState(false);
  const back = menuPath('clusterList');
  const c = cluster.data;
  const manage = Boolean(c?.manageable) && can('edit');

  const takeOut = async (e: Enterprise) => {
    const ok = await confirmAction({ text: t('cluster.removeTitle') }, { text: t('cluster.confirmRemove', { name: e.entName }) });
    if (ok) await membership.mutateAsync({ colonyId, entIds: [e.entId], remove: true }).catch(() => undefined);
  };

  const enterprises = useResource<Enterprise, Omit<ClusterEnterpriseParams, 'page' | 'pageSize'>, { entId: number | '' }, number>({
    title: c ? t('cluster.enterprises', { count: c.entCount }) : '',
    testId: 'cluster-enterprises',
    tableTestId: 'cluster-enterprises',
    queryKey: [...enterpriseKeys.clusters, 'enterprises'],
    fetchPage: getClusterEnterprises,
    enabled: colonyId > 0,
    toParams: (v) => ({ colonyId, keyword: orUndefined(v.keyword) }),
    searchFields: [{ name: 'keyword', label: t('list.keyword') }],
    columns: [
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
    ],
    rowKey: (e) => e.entId,
    rowLabel: (e) => e.entName,
    texts: { search: t('cluster.searchEnterprises'), loadFailed: t('list.loadFailed') },
    rowActions: (e) =>
      manage ? (
        <RowAction tone="danger" onClick={() => void takeOut(e)}>
          {t('cluster.remove')}
        </RowAction>
      ) : null,
    // adding puts an existing enterprise in the cluster
    form: {
      addLabel: t('cluster.addEnterprise'),
      editTitle: (e) => e.entName,
      editable: () => false,
      testId: 'cluster-add',
      size: 'md',
      columns: 1,
      fields: [{ name: 'entId', label: t('cluster.enterprise'), type: 'custom', required: true, render: (p) => <EnterprisePicker {...p} /> }],
      empty: { entId: '' },
      fromRow: (e) => ({ entId: e.entId }),
      save: (v) => membership.mutateAsync({ colonyId, entIds: [Number(v.entId)] }),
    },
  });

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
                      setCreating(true);
                    }}
                  >
                    {t('cluster.createEnterprise')}
                  </Button>
                  <ListToolbar
                    onAdd={() => {
                      enterprises.add();
                    }}
                    addLabel={t('cluster.addEnterprise')}
                  />
                </>
              ) : null
            }
          >
            <div className="p-4">{enterprises.search}</div>
            {enterprises.table}
            <div className="px-3">{enterprises.pager}</div>
          </Panel>
          {enterprises.dialogs}
          <FormDialog<EnterpriseValues>
            open={creating}
            onClose={() => {
              setCreating(false);
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
