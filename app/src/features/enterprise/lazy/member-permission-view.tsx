/**
 * colony/permissionSetting/:id — a member's permissions in the acting enterprise: their role there (setRole) and the
 * menus that role sees in this enterprise (the enterprise's narrowing, /sysAuthorityMenusEnterprise/addMenuAuthority).
 * There is no single-member call, so the member is looked up in the member list (pages of 500).
 */
import { useTranslation } from 'react-i18next';

import { FormPanel } from '@/components/crud/form-panel';
import { Panel, ViewPage } from '@/components/crud/view';
import { LinkButton } from '@/components/ui/button';
import { ChevronLeftIcon } from '@/components/ui/icons';
import { Badge, ErrorState, LoadingState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { formatDateTime, maskPhone } from '@/lib/format';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { useSession } from '@/lib/console/session-context';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { EnterpriseMenus } from '@/features/system';
import { useGrantableRoles } from '../api/get-grantable-roles';
import { useMembers } from '../api/get-members';
import { useSetMemberRole } from '../api/set-member-role';
import { InfoList } from '../components/info-list';

export default function MemberPermissionView({ route, params }: MenuViewProps) {
  const { t } = useTranslation('enterprise');
  const { lang } = useApp();
  const { menus } = useSession();
  // this hidden page has no buttons of its own: it edits with the buttons of the list it belongs to (activeName)
  const listBtns = menus?.byName.get(route.activeName ?? 'memberManage')?.btns;
  const editable = listBtns === undefined || (listBtns !== null && 'edit' in listBtns);
  const menuPath = useMenuPath();
  const id = Number(params.id);
  const members = useMembers({ page: 1, pageSize: 500 }, Number.isInteger(id) && id > 0);
  const roles = useGrantableRoles();
  const setRole = useSetMemberRole();
  const member = members.data?.list.find((m) => m.ID === id) ?? null;
  const back = menuPath('memberManage');
  const roleOptions = (roles.data ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.id})` }));
  return (
    <ViewPage
      title={menuTitle(route, lang)}
      description={member ? member.nickName || member.userName : undefined}
      actions={
        back ? (
          <LinkButton to={back} variant="secondary" size="sm">
            <ChevronLeftIcon className="size-4" />
            {t('members.backToList')}
          </LinkButton>
        ) : null
      }
    >
      {members.isError ? (
        <Panel className="p-5">
          <ErrorState onRetry={() => void members.refetch()} />
        </Panel>
      ) : members.isPending ? (
        <Panel className="p-5">
          <LoadingState />
        </Panel>
      ) : !member ? (
        <Panel className="p-5">
          <ErrorState message={t('members.notFound')} />
        </Panel>
      ) : (
        <>
          <Panel title={t('members.profile')}>
            <div className="p-4">
              <InfoList
                items={[
                  [t('members.userName'), member.userName],
                  [t('members.name'), member.nickName],
                  [t('members.phone'), maskPhone(member.phone)],
                  [t('members.enterprise'), member.entName],
                  [t('members.role'), <Badge key="r" tone="blue">{member.authorityName}</Badge>],
                  [t('fields.createdAt'), formatDateTime(member.createdAt)],
                ]}
              />
            </div>
          </Panel>
          <Panel title={t('members.setRole')}>
            <div className="p-4">
              <div className="max-w-md">
                <FormPanel<{ authorityId: number | '' }>
                  key={`${member.ID}:${member.authorityId}`}
                  testId="member-role-form"
                  label={t('members.setRole')}
                  columns={1}
                  readOnly={!editable}
                  fields={[{ name: 'authorityId', label: t('members.role'), type: 'select', required: true, options: roleOptions }]}
                  initialValues={{ authorityId: member.authorityId }}
                  onSubmit={(v) => setRole.mutateAsync({ userId: member.ID, authorityId: Number(v.authorityId) })}
                />
              </div>
            </div>
          </Panel>
          <Panel title={t('members.roleMenus', { role: member.authorityName })}>
            <div className="p-4">
              <p className="mb-3 text-sm text-slate-500">{t('members.roleMenusHint')}</p>
              <EnterpriseMenus key={member.authorityId} authorityId={member.authorityId} />
            </div>
          </Panel>
        </>
      )}
    </ViewPage>
  );
}
