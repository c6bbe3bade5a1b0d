/** superAdmin/user: the user list with search, create, edit, reset password / username, delete and export. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { DataTable, type Column } from '../../../../components/crud/data-table';
import { useExportDialog } from '../../../../components/crud/export-dialog';
import { FormDialog } from '../../../../components/crud/form-dialog';
import type { FieldDef, Option } from '../../../../components/crud/form';
import { Pager } from '../../../../components/crud/pager';
import { SearchForm, type SearchValues } from '../../../../components/crud/search-form';
import { ListToolbar, Panel, RowAction, RowActions, ViewPage, useListState } from '../../../../components/crud/view';
import { Switch } from '../../../../components/ui/fields';
import { Badge } from '../../../../components/ui/states';
import { useApp } from '../../../../lib/app-context';
import { confirmAction } from '../../../../lib/feedback';
import { isValidPhone, normalizePhone, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH, USERNAME_PATTERN } from '../../../../lib/account-rules';
import { formatDateTime, maskPhone, orUndefined } from '../../../../lib/format';
import type { MenuViewProps } from '../../../console/registry';
import { useButtons } from '../../../console/menu-route-context';
import { menuTitle } from '../../../console/menu-routes';
import { useEnterpriseId } from '../../../console/session-context';
import { useMenuPath } from '../../../console/use-menu-path';
import { useAuthorities } from '../../authority/api/get-authorities';
import { flattenAuthorities, type SysUser } from '../../types';
import { useCreateUser, type CreateUserPayload } from '../api/create-user';
import { useDeleteUser } from '../api/delete-user';
import { getUsers, useUsers, type UserListParams } from '../api/get-users';
import { useResetPassword } from '../api/reset-password';
import { useResetUsername } from '../api/reset-username';
import { useUpdateUser, type UpdateUserPayload } from '../api/update-user';
import { Avatar, RoleBadges } from '../components/user-bits';

type Filters = Omit<UserListParams, 'page' | 'pageSize'>;

interface CreateValues {
  userName: string;
  passWord: string;
  nickName: string;
  headerImg: string;
  authorityId: number | '';
  enterpriseId: number | '';
  phone: string;
  email: string;
  enable: boolean;
}

interface EditValues {
  nickName: string;
  headerImg: string;
  phone: string;
  email: string;
  enable: boolean;
  /** The role in `enterpriseId` (a user holds one role per enterprise). */
  authorityId: number | '';
  enterpriseId: number | '';
}

/** The enterprise the edit form starts on (the user's current one) and the role held there. */
export function editStart(u: SysUser, fallbackEnterprise: number | null): { enterpriseId: number | ''; authorityId: number | '' } {
  const memberships = u.authorities ?? [];
  const enterpriseId = u.nowEntId ?? memberships[0]?.enterpriseId ?? fallbackEnterprise ?? '';
  const held = memberships.find((a) => a.enterpriseId === enterpriseId);
  return { enterpriseId, authorityId: held?.authorityId ?? (u.authorityId || '') };
}

/** An optional phone must be one the server takes. */
function phoneRule(message: string) {
  return (v: unknown) => (typeof v === 'string' && v.trim() !== '' && !isValidPhone(v) ? message : null);
}

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; user: SysUser }
  | { kind: 'password'; user: SysUser }
  | { kind: 'username'; user: SysUser }
  | null;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function toFilters(v: SearchValues): Filters {
  const num = (s: string | undefined) => (s && /^\d+$/.test(s) ? Number(s) : undefined);
  return {
    userName: orUndefined(v.userName),
    nickName: orUndefined(v.nickName),
    phone: orUndefined(v.phone),
    authorityId: num(v.authorityId),
    enterpriseId: num(v.enterpriseId),
  };
}

export default function UserView({ route }: MenuViewProps) {
  const { t } = useTranslation('system');
  const { lang } = useApp();
  const can = useButtons();
  const menuPath = useMenuPath();
  const enterpriseId = useEnterpriseId();
  const list = useListState<Filters>({});
  const params: UserListParams = { page: list.page, pageSize: list.pageSize, ...list.filters };
  const users = useUsers(params);
  const authorities = useAuthorities();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  const resetPassword = useResetPassword();
  const resetUsername = useResetUsername();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => {
    setDialog(null);
  };

  const roleOptions: Option[] = flattenAuthorities(authorities.data).map(({ authority, depth }) => ({
    value: authority.authorityId,
    label: `${'· '.repeat(depth)}${authority.authorityName} (${authority.authorityId})`,
  }));

  // only the frozen state: roles and profile stay as they are
  const toggleEnable = (u: SysUser, on: boolean) => {
    void updateUser.mutateAsync({ ID: u.ID, enable: on ? 1 : 2 }).catch(() => undefined);
  };

  const remove = async (u: SysUser) => {
    const ok = await confirmAction({ key: 'confirm.deleteTitle' }, { text: t('users.confirmDelete', { name: u.userName }) });
    if (ok) await deleteUser.mutateAsync(u.ID).catch(() => undefined);
  };

  const columns: Column<SysUser>[] = [
    { key: 'avatar', header: t('users.avatar'), cell: (u) => <Avatar user={u} />, hideOnMobile: true },
    {
      key: 'userName',
      header: t('users.userName'),
      primary: true,
      cell: (u) => {
        const to = menuPath('userDetail', { id: u.ID });
        return to ? (
          <Link to={to} className="text-accent font-medium hover:underline">
            {u.userName}
          </Link>
        ) : (
          <span className="font-medium text-slate-900">{u.userName}</span>
        );
      },
    },
    { key: 'nickName', header: t('users.nickName'), cell: (u) => u.nickName },
    { key: 'phone', header: t('users.phone'), cell: (u) => <span className="tabular-nums">{maskPhone(u.phone)}</span> },
    { key: 'email', header: t('users.email'), cell: (u) => u.email },
    { key: 'roles', header: t('users.roles'), cell: (u) => <RoleBadges user={u} /> },
    {
      key: 'enable',
      header: t('users.enable'),
      cell: (u) =>
        can('edit') ? (
          <Switch
            checked={u.enable === 1}
            label={t('users.enableFor', { name: u.userName })}
            onChange={(on) => {
              toggleEnable(u, on);
            }}
          />
        ) : (
          <Badge tone={u.enable === 1 ? 'green' : 'red'}>{u.enable === 1 ? t('users.enabled') : t('users.frozen')}</Badge>
        ),
    },
    { key: 'createdAt', header: t('common.createdAt'), cell: (u) => formatDateTime(u.createdAt ?? u.CreatedAt), hideOnMobile: true },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (u) => (
        <RowActions>
          {can('edit') ? (
            <>
              <RowAction
                onClick={() => {
                  setDialog({ kind: 'edit', user: u });
                }}
              >
                {t('common.edit')}
              </RowAction>
              <RowAction
                onClick={() => {
                  setDialog({ kind: 'password', user: u });
                }}
              >
                {t('users.resetPassword')}
              </RowAction>
              <RowAction
                onClick={() => {
                  setDialog({ kind: 'username', user: u });
                }}
              >
                {t('users.resetUsername')}
              </RowAction>
            </>
          ) : null}
          {can('delete') ? (
            <RowAction tone="danger" onClick={() => void remove(u)}>
              {t('common.delete')}
            </RowAction>
          ) : null}
        </RowActions>
      ),
    },
  ];

  const createFields: FieldDef<CreateValues>[] = [
    { name: 'userName', label: t('users.userName'), type: 'text', required: true, maxLength: USERNAME_MAX_LENGTH, autoComplete: 'off', pattern: { re: USERNAME_PATTERN, message: t('users.userNameInvalid') } },
    { name: 'passWord', label: t('users.password'), type: 'password', required: true, minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH },
    { name: 'nickName', label: t('users.nickName'), type: 'text', required: true, maxLength: 64 },
    { name: 'authorityId', label: t('users.role'), type: 'select', required: true, options: roleOptions },
    { name: 'enterpriseId', label: t('users.enterpriseId'), type: 'number', hint: t('users.enterpriseHint') },
    { name: 'phone', label: t('users.phone'), type: 'tel', validate: phoneRule(t('users.phoneInvalid')) },
    { name: 'email', label: t('users.email'), type: 'email', pattern: { re: EMAIL, message: t('users.emailInvalid') } },
    { name: 'headerImg', label: t('users.avatarUrl'), type: 'text' },
    { name: 'enable', label: t('users.enable'), type: 'switch' },
  ];
  // the enterprises the edited user belongs to, and the one this console works in
  const editedUser = dialog?.kind === 'edit' ? dialog.user : null;
  const enterpriseOptions: Option[] = [];
  for (const a of editedUser?.authorities ?? []) {
    if (!enterpriseOptions.some((o) => o.value === a.enterpriseId)) enterpriseOptions.push({ value: a.enterpriseId, label: a.entName ? `${a.entName} (${a.enterpriseId})` : String(a.enterpriseId) });
  }
  if (enterpriseId !== null && !enterpriseOptions.some((o) => o.value === enterpriseId)) enterpriseOptions.push({ value: enterpriseId, label: t('users.currentEnterprise', { id: enterpriseId }) });
  const editFields: FieldDef<EditValues>[] = [
    { name: 'nickName', label: t('users.nickName'), type: 'text', required: true, maxLength: 64 },
    { name: 'enterpriseId', label: t('users.enterprise'), type: 'select', required: true, options: enterpriseOptions, hint: t('users.roleHint') },
    { name: 'authorityId', label: t('users.role'), type: 'select', required: true, options: roleOptions },
    { name: 'phone', label: t('users.phone'), type: 'tel', validate: phoneRule(t('users.phoneInvalid')) },
    { name: 'email', label: t('users.email'), type: 'email', pattern: { re: EMAIL, message: t('users.emailInvalid') } },
    { name: 'headerImg', label: t('users.avatarUrl'), type: 'text' },
    { name: 'enable', label: t('users.enable'), type: 'switch' },
  ];

  const exporter = useExportDialog({
            name: 'users',
            fetchPage: getUsers,
            params: list.filters,
            columns: [
              { header: t('users.userName'), value: (u: SysUser) => u.userName },
              { header: t('users.nickName'), value: (u: SysUser) => u.nickName },
              { header: t('users.phone'), value: (u: SysUser) => maskPhone(u.phone) },
              { header: t('users.email'), value: (u: SysUser) => u.email },
              { header: t('users.roles'), value: (u: SysUser) => (u.authorities ?? []).map((a) => a.authorityName ?? a.authorityId).join(' / ') },
              { header: t('users.enable'), value: (u: SysUser) => (u.enable === 1 ? t('users.enabled') : t('users.frozen')) },
            ],
          });

  const page = users.data;
  const d = dialog;
  return (
    <ViewPage
      title={menuTitle(route, lang)}
      actions={
        <ListToolbar
          onRefresh={() => void users.refetch()}
          onExport={can('export') ? exporter.start : null}
          onAdd={
            can('add')
              ? () => {
                  setDialog({ kind: 'create' });
                }
              : null
          }
          addLabel={t('users.add')}
        />
      }
    >
      <Panel className="p-4">
        <SearchForm
          label={t('users.search')}
          initial={{}}
          onSearch={(v) => {
            if (!list.setFilters(toFilters(v))) void users.refetch();
          }}
          fields={[
            { name: 'userName', label: t('users.userName') },
            { name: 'nickName', label: t('users.nickName') },
            { name: 'phone', label: t('users.phone') },
            { name: 'authorityId', label: t('users.role'), type: 'select', options: roleOptions },
            { name: 'enterpriseId', label: t('users.enterpriseId'), type: 'number' },
          ]}
        />
      </Panel>
      <Panel>
        <DataTable
          caption={menuTitle(route, lang)}
          columns={columns}
          rows={page?.list ?? []}
          rowKey={(u) => u.ID}
          loading={users.isPending}
          stale={users.isPlaceholderData}
          error={users.isError ? t('common.loadFailed') : null}
          onRetry={() => void users.refetch()}
          testId="users-table"
        />
        <div className="px-3">
          <Pager total={page?.total ?? 0} page={list.page} pageSize={list.pageSize} onChange={list.setPaging} />
        </div>
      </Panel>

      <FormDialog<CreateValues>
        open={d?.kind === 'create'}
        onClose={close}
        title={t('users.add')}
        testId="user-create"
        fields={createFields}
        initialValues={{ userName: '', passWord: '', nickName: '', headerImg: '', authorityId: '', enterpriseId: enterpriseId ?? '', phone: '', email: '', enable: true }}
        onSubmit={(v) => {
          const payload: CreateUserPayload = {
            userName: v.userName.trim(),
            passWord: v.passWord,
            nickName: v.nickName.trim(),
            headerImg: v.headerImg.trim(),
            authorityId: Number(v.authorityId),
            phone: normalizePhone(v.phone.trim()),
            email: v.email.trim(),
            enable: v.enable ? 1 : 2,
            ...(v.enterpriseId === '' ? {} : { enterpriseId: v.enterpriseId }),
          };
          return createUser.mutateAsync(payload);
        }}
      />
      {d?.kind === 'edit' ? (
        <FormDialog<EditValues>
          open
          onClose={close}
          title={t('users.edit', { name: d.user.userName })}
          testId="user-edit"
          fields={editFields}
          initialValues={{
            nickName: d.user.nickName,
            headerImg: d.user.headerImg,
            phone: d.user.phone,
            email: d.user.email,
            enable: d.user.enable === 1,
            ...editStart(d.user, enterpriseId),
          }}
          onSubmit={(v) => {
            const start = editStart(d.user, enterpriseId);
            const held = (d.user.authorities ?? []).find((a) => a.enterpriseId === v.enterpriseId)?.authorityId;
            // the role is written only when it changes in the chosen enterprise
            const roleChanged = v.authorityId !== '' && (v.enterpriseId !== start.enterpriseId || v.authorityId !== start.authorityId) && v.authorityId !== held;
            const payload: UpdateUserPayload = {
              ID: d.user.ID,
              nickName: v.nickName.trim(),
              headerImg: v.headerImg.trim(),
              phone: normalizePhone(v.phone.trim()),
              email: v.email.trim(),
              enable: v.enable ? 1 : 2,
              ...(roleChanged && v.authorityId !== '' ? { authorityIds: [v.authorityId] as [number], ...(v.enterpriseId === '' ? {} : { enterpriseId: v.enterpriseId }) } : {}),
            };
            return updateUser.mutateAsync(payload);
          }}
        />
      ) : null}
      {d?.kind === 'password' ? (
        <FormDialog<{ password: string; confirm: string }>
          open
          onClose={close}
          size="sm"
          columns={1}
          title={t('users.resetPasswordFor', { name: d.user.userName })}
          testId="user-password"
          fields={[
            { name: 'password', label: t('users.newPassword'), type: 'password', required: true, minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH },
            {
              name: 'confirm',
              label: t('users.confirmPassword'),
              type: 'password',
              required: true,
              validate: (value, values) => (value === values.password ? null : t('users.passwordMismatch')),
            },
          ]}
          initialValues={{ password: '', confirm: '' }}
          onSubmit={(v) => resetPassword.mutateAsync({ ID: d.user.ID, password: v.password })}
        />
      ) : null}
      {d?.kind === 'username' ? (
        <FormDialog<{ userName: string }>
          open
          onClose={close}
          size="sm"
          columns={1}
          title={t('users.resetUsernameFor', { name: d.user.userName })}
          testId="user-username"
          fields={[{ name: 'userName', label: t('users.newUserName'), type: 'text', required: true, maxLength: USERNAME_MAX_LENGTH, pattern: { re: USERNAME_PATTERN, message: t('users.userNameInvalid') } }]}
          initialValues={{ userName: d.user.userName }}
          onSubmit={(v) => resetUsername.mutateAsync({ ID: d.user.ID, userName: v.userName.trim() })}
        />
      ) : null}
      {exporter.dialog}
    </ViewPage>
  );
}
