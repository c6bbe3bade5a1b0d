/**
 * superAdmin/operatorList: the platform's staff — members of the platform enterprise (1013) — with their role there.
 * Add an operator (a new account with role 999 platform operator or 666 platform support in the platform enterprise),
 * change an operator's role. Removing a membership has no server call yet.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable, type Column } from '../../../components/crud/data-table';
import { FormDialog } from '../../../components/crud/form-dialog';
import type { Option } from '../../../components/crud/form';
import { Pager } from '../../../components/crud/pager';
import { SearchForm, type SearchValues } from '../../../components/crud/search-form';
import { ListToolbar, Panel, RowAction, RowActions, ViewPage, useListState } from '../../../components/crud/view';
import { Badge } from '../../../components/ui/states';
import { useApp } from '../../../lib/app-context';
import { isValidPhone } from '../../../lib/account-rules';
import { formatDateTime, maskPhone, orUndefined } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { PLATFORM_ENTERPRISE_ID, PLATFORM_ROLE_IDS } from '../../auth/permissions';
import { useButtons } from '../../console/menu-route-context';
import type { MenuViewProps } from '../../console/registry';
import { menuTitle } from '../../console/menu-routes';
import { createUser } from '../../system/users/api/create-user';
import { usersKey } from '../../system/users/api/get-users';
import { enterpriseKeys } from '../api/keys';
import { useMembers, type MemberListParams } from '../api/get-members';
import { useSetMemberRole } from '../api/set-member-role';
import type { Member } from '../types';

type Filters = Omit<MemberListParams, 'page' | 'pageSize' | 'enterpriseId'>;

interface OperatorValues {
  userName: string;
  passWord: string;
  nickName: string;
  phone: string;
  authorityId: number | '';
}

export default function OperatorListView({ route }: MenuViewProps) {
  const { t } = useTranslation('enterprise');
  const { lang } = useApp();
  const can = useButtons();
  const list = useListState<Filters>({});
  const members = useMembers({ page: list.page, pageSize: list.pageSize, enterpriseId: PLATFORM_ENTERPRISE_ID, ...list.filters });
  const create = useApiMutation(createUser, { invalidate: [enterpriseKeys.members, usersKey] });
  const setRole = useSetMemberRole();
  const [dialog, setDialog] = useState<{ kind: 'add' } | { kind: 'role'; member: Member } | null>(null);
  const title = menuTitle(route, lang);
  const roleOptions: Option[] = PLATFORM_ROLE_IDS.map((id) => ({ value: id, label: id === 999 ? t('operators.roles.999') : t('operators.roles.666') }));

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
    { key: 'role', header: t('members.role'), cell: (m) => <Badge tone={PLATFORM_ROLE_IDS.includes(m.authorityId) ? 'blue' : 'slate'}>{m.authorityName || m.authorityId}</Badge> },
    { key: 'state', header: t('members.state'), cell: (m) => <Badge tone={m.enable === 1 ? 'green' : 'red'}>{m.enable === 1 ? t('members.enabled') : t('members.frozen')}</Badge> },
    { key: 'createdAt', header: t('fields.createdAt'), cell: (m) => formatDateTime(m.createdAt), hideOnMobile: true },
    {
      key: 'actions',
      header: t('list.actions'),
      cell: (m) =>
        can('edit') && PLATFORM_ROLE_IDS.includes(m.authorityId) ? (
          <RowActions>
            <RowAction
              onClick={() => {
                setDialog({ kind: 'role', member: m });
              }}
            >
              {t('members.setRole')}
            </RowAction>
          </RowActions>
        ) : null,
    },
  ];

  const d = dialog;
  return (
    <ViewPage
      title={title}
      description={t('operators.description')}
      actions={
        <ListToolbar
          onRefresh={() => void members.refetch()}
          onAdd={
            can('add')
              ? () => {
                  setDialog({ kind: 'add' });
                }
              : null
          }
          addLabel={t('operators.add')}
        />
      }
    >
      <Panel className="p-4">
        <SearchForm
          label={t('members.search')}
          initial={{}}
          fields={[
            { name: 'keyword', label: t('members.keyword') },
            { name: 'authorityId', label: t('members.role'), type: 'select', options: roleOptions },
          ]}
          onSearch={(v: SearchValues) => {
            const f: Filters = { keyword: orUndefined(v.keyword), authorityId: v.authorityId ? Number(v.authorityId) : undefined };
            if (!list.setFilters(f)) void members.refetch();
          }}
        />
      </Panel>
      <Panel>
        <DataTable
          caption={title}
          columns={columns}
          rows={members.data?.list ?? []}
          rowKey={(m) => m.ID}
          loading={members.isPending}
          stale={members.isPlaceholderData}
          error={members.isError ? t('list.loadFailed') : null}
          onRetry={() => void members.refetch()}
          testId="operators-table"
        />
        <div className="px-3">
          <Pager total={members.data?.total ?? 0} page={list.page} pageSize={list.pageSize} onChange={list.setPaging} />
        </div>
      </Panel>
      <FormDialog<OperatorValues>
        open={d?.kind === 'add'}
        onClose={() => {
          setDialog(null);
        }}
        title={t('operators.add')}
        testId="operator-add"
        fields={[
          { name: 'userName', label: t('members.userName'), type: 'text', required: true, maxLength: 64, autoComplete: 'off' },
          { name: 'passWord', label: t('operators.password'), type: 'password', required: true, minLength: 6 },
          { name: 'nickName', label: t('members.name'), type: 'text', required: true, maxLength: 64 },
          { name: 'phone', label: t('members.phone'), type: 'tel', validate: (v) => (typeof v === 'string' && v.trim() !== '' && !isValidPhone(v) ? t('members.phoneInvalid') : null) },
          { name: 'authorityId', label: t('members.role'), type: 'select', required: true, options: roleOptions },
        ]}
        initialValues={{ userName: '', passWord: '', nickName: '', phone: '', authorityId: PLATFORM_ROLE_IDS[0] ?? '' }}
        onSubmit={(v) =>
          create.mutateAsync({
            userName: v.userName.trim(),
            passWord: v.passWord,
            nickName: v.nickName.trim(),
            headerImg: '',
            phone: v.phone.trim(),
            email: '',
            enable: 1,
            authorityId: Number(v.authorityId),
            enterpriseId: PLATFORM_ENTERPRISE_ID,
          })
        }
      />
      {d?.kind === 'role' ? (
        <FormDialog<{ authorityId: number | '' }>
          open
          size="sm"
          columns={1}
          onClose={() => {
            setDialog(null);
          }}
          title={t('members.setRoleFor', { name: d.member.nickName || d.member.userName })}
          testId="operator-role"
          fields={[{ name: 'authorityId', label: t('members.role'), type: 'select', required: true, options: roleOptions }]}
          initialValues={{ authorityId: d.member.authorityId }}
          onSubmit={(v) => setRole.mutateAsync({ entId: PLATFORM_ENTERPRISE_ID, userId: d.member.ID, authorityId: Number(v.authorityId) })}
        />
      ) : null}
    </ViewPage>
  );
}
