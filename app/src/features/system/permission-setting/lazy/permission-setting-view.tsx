/**
 * /permissionSetting: pick a role of the current enterprise, then choose which of the role's menus its members see in
 * this enterprise (a narrowing; lifting it restores the role's whole set). APIs, buttons and data scope belong to the
 * role itself, for every enterprise, and are edited under superAdmin/authority.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Panel, ViewPage } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { SelectInput } from '@/components/ui/fields';
import { Badge, EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { confirmAction } from '@/lib/feedback';
import { useEnterpriseId } from '@/lib/console/session-context';
import { EnterpriseMenus } from '../../authority/components/role-permissions';
import { authorityTree, flattenAuthorities } from '../../types';
import { useAddEnterpriseMenuAuthority } from '../api/add-enterprise-menu-authority';
import { useEnterpriseAuthorities, type EnterpriseRole } from '../api/get-enterprise-authorities';

export default function PermissionSettingView() {
  const { t } = useTranslation('system');
  const enterpriseId = useEnterpriseId();
  const roles = useEnterpriseAuthorities(enterpriseId);
  const lift = useAddEnterpriseMenuAuthority();
  const [picked, setPicked] = useState<number | null>(null);
  const all = flattenAuthorities(authorityTree(roles.data));
  const byId = new Map<number, EnterpriseRole>((roles.data ?? []).map((r) => [r.authorityId, r]));
  const current = all.find((r) => r.authority.authorityId === picked)?.authority ?? all[0]?.authority ?? null;
  const info = current ? byId.get(current.authorityId) : undefined;

  const onLift = async () => {
    if (!current) return;
    const ok = await confirmAction({ key: 'confirm.title' }, { text: t('permissionSetting.confirmLift', { name: current.authorityName }) });
    if (ok) await lift.mutateAsync({ authorityId: current.authorityId, enterpriseId, menuIds: [] }).catch(() => undefined);
  };

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
            <div className="flex flex-wrap items-end gap-3">
              <label className="block w-full max-w-sm text-sm">
                <span className="mb-1 block font-medium text-slate-800">{t('permissionSetting.role')}</span>
                <SelectInput
                  value={current.authorityId}
                  onChange={(e) => {
                    setPicked(Number(e.target.value));
                  }}
                  data-testid="permission-role"
                >
                  {all.map(({ authority, depth }) => (
                    <option key={authority.authorityId} value={authority.authorityId}>
                      {`${'· '.repeat(depth)}${authority.authorityName} (${String(authority.authorityId)})`}
                    </option>
                  ))}
                </SelectInput>
              </label>
              {info ? (
                <div className="flex flex-wrap items-center gap-2 pb-2 text-xs text-slate-500" data-testid="permission-role-info">
                  <Badge tone={info.narrowed ? 'amber' : 'slate'}>{info.narrowed ? t('permissionSetting.narrowed') : t('permissionSetting.notNarrowed')}</Badge>
                  <span>{t('permissionSetting.members', { count: info.members })}</span>
                  <span aria-hidden="true">·</span>
                  <span>{t('permissionSetting.menuCount', { count: info.menuCount })}</span>
                </div>
              ) : null}
              {info?.narrowed ? (
                <Button variant="secondary" size="sm" className="mb-1" disabled={lift.isPending} onClick={() => void onLift()}>
                  {t('permissionSetting.lift')}
                </Button>
              ) : null}
            </div>
            <p className="text-sm text-slate-500">{t('permissionSetting.menusHint')}</p>
            <EnterpriseMenus key={current.authorityId} authorityId={current.authorityId} />
          </div>
        )}
      </Panel>
    </ViewPage>
  );
}
