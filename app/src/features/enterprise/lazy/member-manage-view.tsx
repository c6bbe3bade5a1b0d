/**
 * colony/memberManage: the acting enterprise's members with their role there (set role, permission settings), invite
 * a member by phone, the invitations sent and received, and the invitation log.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Option } from '@/components/crud/form';
import { useResource } from '@/components/crud/resource-view';
import type { SearchValues } from '@/components/crud/search-form';
import { Panel, RowAction, ViewPage } from '@/components/crud/view';
import { Badge } from '@/components/ui/states';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { useApp } from '@/lib/app-context';
import { isValidPhone } from '@/lib/account-rules';
import { formatDateTime, maskPhone, orUndefined } from '@/lib/format';
import { useButtons } from '@/lib/console/menu-route-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { useEnterpriseId, useSession } from '@/lib/console/session-context';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { useGrantableRoles } from '../api/get-grantable-roles';
import { getMembers, type MemberListParams } from '../api/get-members';
import { useToggleList } from '../api/get-toggle-list';
import { useInvite } from '../api/invite';
import { enterpriseKeys } from '../api/keys';
import { InvitationTable } from '../components/invitation-table';
import { InviteLogTable } from '../components/invite-log-table';
import { currentEntry } from '../model';
import { useMemberColumns } from '../components/member-columns';
import { SetRoleDialog } from '../components/set-role-dialog';
import type { Member } from '../types';

type Filters = Omit<MemberListParams, 'page' | 'pageSize'>;
type Tab = 'members' | 'invitations' | 'log';
interface InviteValues { phone: string; authorityId: number | ''; remark: string }

/** The default role offered to an invited member: enterprise member (101) when the caller may grant it. */
const MEMBER_ROLE = 101;

function toFilters(v: SearchValues): Filters {
  return { keyword: orUndefined(v.keyword), phone: orUndefined(v.phone), authorityId: v.authorityId && /^\d+$/.test(v.authorityId) ? Number(v.authorityId) : undefined };
}

/** The members tab: the list, set role, permission settings, export, and inviting by phone (then `onInvited`). */
function Members({ title, onInvited }: { title: string; onInvited: () => void }) {
  const { t } = useTranslation('enterprise');
  const can = useButtons();
  const memberColumns = useMemberColumns();
  const menuPath = useMenuPath();
  const { user } = useApp();
  const roles = useGrantableRoles();
  const invite = useInvite();
  const [roleOf, setRoleOf] = useState<Member | null>(null);
  const roleOptions: Option[] = (roles.data ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.id})` }));
  const defaultRole = roleOptions.some((o) => o.value === MEMBER_ROLE) ? MEMBER_ROLE : '';

  const members = useResource<Member, Filters, InviteValues, number>({
    title,
    testId: 'members',
    queryKey: enterpriseKeys.members,
    fetchPage: getMembers,
    toParams: toFilters,
    searchFields: [
      { name: 'keyword', label: t('members.keyword') },
      { name: 'phone', label: t('members.phone') },
      { name: 'authorityId', label: t('members.role'), type: 'select', options: roleOptions },
    ],
    columns: [
      memberColumns.name,
      memberColumns.phone,
      { key: 'role', header: t('members.role'), cell: (m) => <Badge tone="blue">{m.authorityName || m.authorityId}</Badge> },
      { key: 'groups', header: t('members.groups'), cell: (m) => m.groups.map((g) => g.name).join('、') || '—', hideOnMobile: true },
      memberColumns.state,
      memberColumns.createdAt,
    ],
    rowKey: (m) => m.ID,
    rowLabel: (m) => m.nickName || m.userName,
    texts: { search: t('members.search'), loadFailed: t('list.loadFailed') },
    rowActions: (m) => {
      const permission = menuPath('permissionSetting', { id: m.ID });
      return (
        <>
          {can('edit') && m.ID !== (user?.ID ?? user?.id) ? (
            <RowAction
              label={t('members.setRoleFor', { name: m.nickName || m.userName })}
              onClick={() => {
                setRoleOf(m);
              }}
            >
              {t('members.setRole')}
            </RowAction>
          ) : null}
          {permission ? (
            <Link to={permission} className="text-accent rounded px-1.5 py-1 text-sm font-medium whitespace-nowrap hover:underline">
              {t('members.permissions')}
            </Link>
          ) : null}
        </>
      );
    },
    exportName: 'members',
    exportColumns: [
      { header: t('members.name'), value: (m) => m.nickName },
      { header: t('members.userName'), value: (m) => m.userName },
      { header: t('members.phone'), value: (m) => maskPhone(m.phone) },
      { header: t('members.role'), value: (m) => m.authorityName },
      { header: t('members.groups'), value: (m) => m.groups.map((g) => g.name).join(' / ') },
      { header: t('fields.createdAt'), value: (m) => formatDateTime(m.createdAt) },
    ],
    // adding is inviting by phone: the member joins when they accept
    form: {
      addLabel: t('members.invite'),
      editTitle: (m) => m.userName,
      editable: () => false,
      testId: 'member-invite',
      description: t('members.inviteHint'),
      submitLabel: t('members.sendInvite'),
      size: 'md',
      columns: 1,
      fields: [
        { name: 'phone', label: t('members.phone'), type: 'tel', required: true, autoComplete: 'off', validate: (v) => (typeof v === 'string' && isValidPhone(v) ? null : t('members.phoneInvalid')) },
        { name: 'authorityId', label: t('members.role'), type: 'select', required: true, options: roleOptions },
        { name: 'remark', label: t('invitation.remark'), type: 'textarea', maxLength: 200 },
      ],
      empty: { phone: '', authorityId: defaultRole, remark: '' },
      fromRow: (m) => ({ phone: m.phone, authorityId: m.authorityId, remark: '' }),
      save: async (v) => {
        await invite.mutateAsync({ type: 'member', phone: v.phone.replace(/[\s-]/g, ''), authorityId: Number(v.authorityId), ...(v.remark.trim() ? { remark: v.remark.trim() } : {}) });
        onInvited();
      },
    },
  });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        {members.search}
        <div className="flex flex-wrap gap-2">{members.toolbar}</div>
      </div>
      <div className="-mx-4">{members.table}</div>
      {members.pager}
      {members.dialogs}
      {roleOf ? (
        <SetRoleDialog
          member={roleOf}
          roles={roleOptions}
          testId="member-role"
          onClose={() => {
            setRoleOf(null);
          }}
        />
      ) : null}
    </div>
  );
}

export default function MemberManageView({ route }: MenuViewProps) {
  const { t } = useTranslation('enterprise');
  const { lang } = useApp();
  const { token } = useSession();
  const enterpriseId = useEnterpriseId();
  const entries = useToggleList(token, true);
  const current = currentEntry(entries.data ?? [], enterpriseId);
  const [tab, setTab] = useState<Tab>('members');
  const title = menuTitle(route, lang);

  return (
    <ViewPage title={title} description={current ? t('members.of', { name: current.label }) : undefined}>
      <Panel>
        <Tabs<Tab>
          idPrefix="members"
          label={title}
          value={tab}
          onChange={setTab}
          className="px-2"
          tabs={[
            { id: 'members', label: t('members.tab') },
            { id: 'invitations', label: t('invitation.title') },
            { id: 'log', label: t('log.title') },
          ]}
        />
        <TabPanel idPrefix="members" id="members" active={tab === 'members'} className="p-4">
          <Members
            title={title}
            onInvited={() => {
              setTab('invitations');
            }}
          />
        </TabPanel>
        <TabPanel idPrefix="members" id="invitations" active={tab === 'invitations'}>
          <InvitationTable types={['member']} testId="member-invitations" />
        </TabPanel>
        <TabPanel idPrefix="members" id="log" active={tab === 'log'}>
          <InviteLogTable testId="invite-log" />
        </TabPanel>
      </Panel>
    </ViewPage>
  );
}
