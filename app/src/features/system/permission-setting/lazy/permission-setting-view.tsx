/** /permissionSetting: pick a role of the current enterprise, then its menus (per enterprise), APIs and data scope. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Panel, ViewPage } from '../../../../components/crud/view';
import { SelectInput } from '../../../../components/ui/fields';
import { EmptyState, ErrorState, LoadingState } from '../../../../components/ui/states';
import { useEnterpriseId } from '../../../console/session-context';
import { RolePermissions } from '../../authority/components/role-permissions';
import { authorityTree, flattenAuthorities } from '../../types';
import { useEnterpriseAuthorities } from '../api/get-enterprise-authorities';

export default function PermissionSettingView() {
  const { t } = useTranslation('system');
  const enterpriseId = useEnterpriseId();
  const roles = useEnterpriseAuthorities(enterpriseId);
  const [picked, setPicked] = useState<number | null>(null);
  const tree = authorityTree(roles.data);
  const all = flattenAuthorities(tree);
  const current = all.find((r) => r.authority.authorityId === picked)?.authority ?? all[0]?.authority ?? null;
  return (
    <ViewPage title={t('permissionSetting.title')} description={t('permissionSetting.description')}>
      <Panel className="p-4">
        {roles.isError ? (
          <ErrorState onRetry={() => void roles.refetch()} />
        ) : roles.isPending ? (
          <LoadingState />
        ) : !current ? (
          <EmptyState title={t('permissionSetting.noRoles')} />
        ) : (
          <div className="space-y-4">
            <label className="block max-w-sm text-sm">
              <span className="mb-1 block font-medium text-slate-800">{t('permissionSetting.role')}</span>
              <SelectInput
                value={current.authorityId}
                onChange={(e) => {
                  setPicked(Number(e.target.value));
                }}
              >
                {all.map(({ authority, depth }) => (
                  <option key={authority.authorityId} value={authority.authorityId}>
                    {`${'· '.repeat(depth)}${authority.authorityName} (${authority.authorityId})`}
                  </option>
                ))}
              </SelectInput>
            </label>
            <RolePermissions key={current.authorityId} authority={current} authorities={tree} variant="enterprise" tabs={['menus', 'apis', 'data']} />
          </div>
        )}
      </Panel>
    </ViewPage>
  );
}
