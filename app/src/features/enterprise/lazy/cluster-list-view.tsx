/** superAdmin/clusterList: the clusters the caller sees; create one, edit the ones the caller manages. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { ResourceView } from '@/components/crud/resource-view';
import { Badge } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { formatDateTime, orUndefined } from '@/lib/format';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { useEnterpriseId } from '@/lib/console/session-context';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { getClusters } from '../api/get-clusters';
import { enterpriseKeys } from '../api/keys';
import { useCreateCluster } from '../api/save-cluster';
import { useUpdateCluster } from '../api/update-cluster';
import { clusterPayload, clusterValues, useClusterFields, type ClusterValues } from '../components/cluster-fields';
import type { Cluster } from '../types';

export default function ClusterListView({ route }: MenuViewProps) {
  const { t } = useTranslation('enterprise');
  const { lang } = useApp();
  const menuPath = useMenuPath();
  const enterpriseId = useEnterpriseId();
  const create = useCreateCluster();
  const update = useUpdateCluster();
  const fields = useClusterFields();

  return (
    <ResourceView<Cluster, { keyword?: string }, ClusterValues, number>
      title={menuTitle(route, lang)}
      testId="clusters"
      queryKey={enterpriseKeys.clusters}
      fetchPage={getClusters}
      toParams={(v) => ({ keyword: orUndefined(v.keyword) })}
      searchFields={[{ name: 'keyword', label: t('list.keyword') }]}
      columns={[
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
      ]}
      rowKey={(c) => c.colonyId}
      rowLabel={(c) => c.name}
      texts={{ search: t('cluster.search'), loadFailed: t('list.loadFailed') }}
      form={{
        addLabel: t('cluster.add'),
        editTitle: (c) => t('cluster.editTitle', { name: c.name }),
        // only the clusters the caller manages
        editable: (c) => c.manageable,
        testId: 'cluster-form',
        fields,
        empty: clusterValues(null, enterpriseId),
        fromRow: (c) => clusterValues(c, enterpriseId),
        save: (v, c) => (c ? update.mutateAsync({ clusterId: c.colonyId, ...clusterPayload(v) }) : create.mutateAsync(clusterPayload(v))),
      }}
    />
  );
}
