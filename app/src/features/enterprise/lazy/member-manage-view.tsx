/**
 * colony/memberManage: the acting enterprise's members with their role there (set role, permission settings), invite
 * a member by phone, the invitations sent and received, and the invitation log.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { DataTable, type Column } from '../../../components/crud/data-table';
import { useExportDialog } from '../../../components/crud/export-dialog';
import { FormDialog } from '../../../components/crud/form-dialog';
import type { Option } from '../../../components/crud/form';
import { Pager } from '../../../components/crud/pager';
import { SearchForm, type SearchValues } from '../../../components/crud/search-form';
import { ListToolbar, Panel, RowAction, RowActions, ViewPage, useListState } from '../../../components/crud/view';
import { Badge } from '../../../components/ui/states';
import { TabPanel, Tabs } from '../../../components/ui/tabs';
import { useApp } from '../../../lib/app-context';
import { isValidPhone } from '../../../lib/account-rules';
import { formatDateTime, maskPhone, orUndefined } from '../../../lib/format';
import { useButtons } from '../../console/menu-route-context';
import type { MenuViewProps } from '../../console/registry';
import { menuTitle } from '../../console/menu-routes';
import { useEnterpriseId, useSession } from '../../console/session-context';
import { useMenuPath } from '../../console/use-menu-path';
import { useGrantableRoles } from '../api/get-grantable-roles';
import { getMembers, useMembers, type MemberListParams } from '../api/get-members';
import { useToggleList } from '../api/get-toggle-list';
import { useInvite } from '../api/invite';
import { useSetMemberRole } from '../api/set-member-role';
import { InvitationTable } from '../components/invitation-table';
import { InviteLogTable } from '../components/invite-log-table';
import { currentEntry } from '../model';
import type { Member } from '../types';

type Filters = Omit<MemberListParams, 'page' | 'pageSize'>;
type Tab = 'members' | 'invitations' | 'log';
type Dialog = { kind: 'invite' } | { kind: 'role'; member: Member } | null;

/** The default role offered to an invited member: enterprise member (101) when the caller may grant it. */
const MEMBER_ROLE = 101;

function toFilters(v: SearchValues): Filters {
  return { keyword: orUndefined(v.keyword), phone: orUndefined(v.phone), authorityId: v.authorityId && /^\d+$/.test(v.authorityId) ? Number(v.authorityId) : undefined };
}

function Members({ title, onInvite }: { title: string; onInvite: (() => void) | null }) {
  const { t } = useTranslation('enterprise');
  const can = useButtons();
  const menuPath = useMenuPath();
  const { user } = useApp();
  const list = useListState<Filters>({});
  const members = useMembers({ page: list.page, pageSize: list.pageSize, ...list.filters });
  const roles = useGrantableRoles();
  const setRole = useSetMemberRole();
  const [dialog, setDialog] = useState<Member | null>(null);
  const roleOptions: Option[] = (roles.data ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.id})` }));

  const columns: Column<Member>[] = [
    {
      key: 'name',
      header: t('members.name'),
      primary: true,
      cell: (m) => (
        <span>
          <span className="font-medium text-slate-900">{m.nickName || m.userName}</span>
          <span className="ml-1.5 text-xs text-slate-500">{m.userName}</span>
        </span>
      ),
    },
    { key: 'phone', header: t('members.phone'), cell: (m) => <span className="tabular-nums">{maskPhone(m.phone)}</span> },
    { key: 'role', header: t('members.role'), cell: (m) => <Badge tone="blue">{m.authorityName || m.authorityId}</Badge> },
    { key: 'groups', header: t('members.groups'), cell: (m) => m.groups.map((g) => g.name).join('、') || '—', hideOnMobile: true },
    { key: 'enable', header: t('members.state'), cell: (m) => <Badge tone={m.enable === 1 ? 'green' : 'red'}>{m.enable === 1 ? t('members.enabled') : t('members.frozen')}</Badge> },
    { key: 'createdAt', header: t('fields.createdAt'), cell: (m) => formatDateTime(m.createdAt), hideOnMobile: true },
    {
      key: 'actions',
      header: t('list.actions'),
      cell: (m) => {
        const permission = menuPath('permissionSetting', { id: m.ID });
        return (
          <RowActions>
            {can('edit') && m.ID !== (user?.ID ?? user?.id) ? (
              <RowAction
                label={t('members.setRoleFor', { name: m.nickName || m.userName })}
                onClick={() => {
                  setDialog(m);
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
          </RowActions>
        );
      },
    },
  ];

  const exporter = useExportDialog({
    name: 'members',
    fetchPage: getMembers,
    params: list.filters,
    columns: [
      { header: t('members.name'), value: (m: Member) => m.nickName },
      { header: t('members.userName'), value: (m: Member) => m.userName },
      { header: t('members.phone'), value: (m: Member) => maskPhone(m.phone) },
      { header: t('members.role'), value: (m: Member) => m.authorityName },
      { header: t('members.groups'), value: (m: Member) => m.groups.map((g) => g.name).join(' / ') },
      { header: t('fields.createdAt'), value: (m: Member) => formatDateTime(m.createdAt) },
    ],
  });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SearchForm
          label={t('members.search')}
          initial={{}}
          fields={[
            { name: 'keyword', label: t('members.keyword') },
            { name: 'phone', label: t('members.phone') },
            { name: 'authorityId', label: t('members.role'), type: 'select', options: roleOptions },
          ]}
          onSearch={(v) => {
            if (!list.setFilters(toFilters(v))) void members.refetch();
          }}
        />
        <div className="flex flex-wrap gap-2">
          <ListToolbar onRefresh={() => void members.refetch()} onExport={can('export') ? exporter.start : null} onAdd={onInvite} addLabel={t('members.invite')} />
        </div>
      </div>
      <div className="-mx-4">
        <DataTable
          caption={title}
          columns={columns}
          rows={members.data?.list ?? []}
          rowKey={(m) => m.ID}
          loading={members.isPending}
          stale={members.isPlaceholderData}
          error={members.isError ? t('list.loadFailed') : null}
          onRetry={() => void members.refetch()}
          testId="members-table"
        />
      </div>
      <Pager total={members.data?.total ?? 0} page={list.page} pageSize={list.pageSize} onChange={list.setPaging} />
      {dialog ? (
        <FormDialog<{ authorityId: number | '' }>
          open
          size="sm"
          columns={1}
          onClose={() => {
            setDialog(null);
          }}
          title={t('members.setRoleFor', { name: dialog.nickName || dialog.userName })}
          testId="member-role"
          fields={[{ name: 'authorityId', label: t('members.role'), type: 'select', required: true, options: roleOptions }]}
          initialValues={{ authorityId: roleOptions.some((o) => o.value === dialog.authorityId) ? dialog.authorityId : '' }}
          onSubmit={(v) => setRole.mutateAsync({ userId: dialog.ID, authorityId: Number(v.authorityId) })}
        />
      ) : null}
      {exporter.dialog}
    </div>
  );
}

export default function MemberManageView({ route }: MenuViewProps) {
  const { t } = useTranslation('enterprise');
  const { lang } = useApp();
  const can = useButtons();
  const { token } = useSession();
  const enterpriseId = useEnterpriseId();
  const entries = useToggleList(token, true);
  const current = currentEntry(entries.data ?? [], enterpriseId);
  const roles = useGrantableRoles();
  const invite = useInvite();
  const [tab, setTab] = useState<Tab>('members');
  const [dialog, setDialog] = useState<Dialog>(null);
  const title = menuTitle(route, lang);
  const roleOptions: Option[] = (roles.data ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.id})` }));
  const defaultRole = roleOptions.some((o) => o.value === MEMBER_ROLE) ? MEMBER_ROLE : '';

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
            onInvite={
              can('add')
                ? () => {
                    setDialog({ kind: 'invite' });
                  }
                : null
            }
          />
        </TabPanel>
        <TabPanel idPrefix="members" id="invitations" active={tab === 'invitations'}>
          <InvitationTable types={['member']} testId="member-invitations" />
        </TabPanel>
        <TabPanel idPrefix="members" id="log" active={tab === 'log'}>
          <InviteLogTable testId="invite-log" />
        </TabPanel>
      </Panel>
      <FormDialog<{ phone: string; authorityId: number | ''; remark: string }>
        open={dialog?.kind === 'invite'}
        onClose={() => {
          setDialog(null);
        }}
        size="md"
        columns={1}
        title={t('members.invite')}
        description={t('members.inviteHint')}
        testId="member-invite"
        fields={[
          { name: 'phone', label: t('members.phone'), type: 'tel', required: true, autoComplete: 'off', validate: (v) => (typeof v === 'string' && isValidPhone(v) ? null : t('members.phoneInvalid')) },
          { name: 'authorityId', label: t('members.role'), type: 'select', required: true, options: roleOptions },
          { name: 'remark', label: t('invitation.remark'), type: 'textarea', maxLength: 200 },
        ]}
        initialValues={{ phone: '', authorityId: defaultRole, remark: '' }}
        submitLabel={t('members.sendInvite')}
        onSubmit={async (v) => {
          await invite.mutateAsync({ type: 'member', phone: v.phone.replace(/[\s-]/g, ''), authorityId: Number(v.authorityId), ...(v.remark.trim() ? { remark: v.remark.trim() } : {}) });
          setTab('invitations');
        }}
      />
    </ViewPage>
  );
}
