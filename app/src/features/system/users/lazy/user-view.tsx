/** superAdmin/user: the user list with search, create, edit, reset password / username, delete and export. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Column } from '@/components/crud/data-table';
import { FormDialog } from '@/components/crud/form-dialog';
import type { FieldDef, Option } from '@/components/crud/form';
import { oneByOne, ResourceView } from '@/components/crud/resource-view';
import type { SearchValues } from '@/components/crud/search-form';
import { RowAction } from '@/components/crud/view';
import { Switch } from '@/components/ui/fields';
import { Badge } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { isValidPhone, normalizePhone, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH, USERNAME_PATTERN } from '@/lib/account-rules';
import { formatDateTime, maskPhone, orUndefined } from '@/lib/format';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useButtons } from '@/lib/console/menu-route-context';
import { menuTitle } from '@/lib/console/menu-routes';
import { useEnterpriseId } from '@/lib/console/session-context';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { useAuthorities } from '../../authority/api/get-authorities';
import { flattenAuthorities, type SysUser } from '../../types';
import { useCreateUser, type CreateUserPayload } from '../api/create-user';
import { useDeleteUser } from '../api/delete-user';
import { getUsers, usersKey, type UserListParams } from '../api/get-users';
import { useResetPassword } from '../api/reset-password';
import { useResetUsername } from '../api/reset-username';
import { useUpdateUser, type UpdateUserPayload } from '../api/update-user';
import { Avatar, RoleBadges } from '../components/user-bits';

type Filters = Omit<UserListParams, 'page' | 'pageSize'>;

/** The add and edit form (editing leaves out the user name and the password; `authorityId` is the role in `enterpriseId`). */
interface UserValues {
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

/** The dialogs of the row actions beside Edit. */
type Dialog = { kind: 'password'; user: SysUser } | { kind: 'username'; user: SysUser } | null;

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
  ];

  const createFields: FieldDef<UserValues>[] = [
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
  /** The enterprises the edited user belongs to, and the one this console works in. */
  const editFields = (user: SysUser): FieldDef<UserValues>[] => {
    const enterpriseOptions: Option[] = [];
    for (const a of user.authorities ?? []) {
      if (!enterpriseOptions.some((o) => o.value === a.enterpriseId)) enterpriseOptions.push({ value: a.enterpriseId, label: a.entName ? `${a.entName} (${a.enterpriseId})` : String(a.enterpriseId) });
    }
    if (enterpriseId !== null && !enterpriseOptions.some((o) => o.value === enterpriseId)) enterpriseOptions.push({ value: enterpriseId, label: t('users.currentEnterprise', { id: enterpriseId }) });
    return [
      { name: 'nickName', label: t('users.nickName'), type: 'text', required: true, maxLength: 64 },
      { name: 'enterpriseId', label: t('users.enterprise'), type: 'select', required: true, options: enterpriseOptions, hint: t('users.roleHint') },
      { name: 'authorityId', label: t('users.role'), type: 'select', required: true, options: roleOptions },
      { name: 'phone', label: t('users.phone'), type: 'tel', validate: phoneRule(t('users.phoneInvalid')) },
      { name: 'email', label: t('users.email'), type: 'email', pattern: { re: EMAIL, message: t('users.emailInvalid') } },
      { name: 'headerImg', label: t('users.avatarUrl'), type: 'text' },
      { name: 'enable', label: t('users.enable'), type: 'switch' },
    ];
  };

  const create = (v: UserValues) => {
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
  };
  const update = (v: UserValues, user: SysUser) => {
    const start = editStart(user, enterpriseId);
    const held = (user.authorities ?? []).find((a) => a.enterpriseId === v.enterpriseId)?.authorityId;
    // the role is written only when it changes in the chosen enterprise
    const roleChanged = v.authorityId !== '' && (v.enterpriseId !== start.enterpriseId || v.authorityId !== start.authorityId) && v.authorityId !== held;
    const payload: UpdateUserPayload = {
      ID: user.ID,
      nickName: v.nickName.trim(),
      headerImg: v.headerImg.trim(),
      phone: normalizePhone(v.phone.trim()),
      email: v.email.trim(),
      enable: v.enable ? 1 : 2,
      ...(roleChanged && v.authorityId !== '' ? { authorityIds: [v.authorityId] as [number], ...(v.enterpriseId === '' ? {} : { enterpriseId: v.enterpriseId }) } : {}),
    };
    return updateUser.mutateAsync(payload);
  };

  const d = dialog;
  return (
    <ResourceView<SysUser, Filters, UserValues, number>
      title={menuTitle(route, lang)}
      testId="users"
      queryKey={usersKey}
      fetchPage={getUsers}
      toParams={toFilters}
      searchFields={[
        { name: 'userName', label: t('users.userName') },
        { name: 'nickName', label: t('users.nickName') },
        { name: 'phone', label: t('users.phone') },
        { name: 'authorityId', label: t('users.role'), type: 'select', options: roleOptions },
        { name: 'enterpriseId', label: t('users.enterpriseId'), type: 'number' },
      ]}
      columns={columns}
      rowKey={(u) => u.ID}
      rowLabel={(u) => u.userName}
      texts={{ search: t('users.search'), loadFailed: t('common.loadFailed'), confirmDelete: (u) => t('users.confirmDelete', { name: u.userName }) }}
      exportName="users"
      exportColumns={[
        { header: t('users.userName'), value: (u) => u.userName },
        { header: t('users.nickName'), value: (u) => u.nickName },
        { header: t('users.phone'), value: (u) => maskPhone(u.phone) },
        { header: t('users.email'), value: (u) => u.email },
        { header: t('users.roles'), value: (u) => (u.authorities ?? []).map((a) => a.authorityName ?? a.authorityId).join(' / ') },
        { header: t('users.enable'), value: (u) => (u.enable === 1 ? t('users.enabled') : t('users.frozen')) },
      ]}
      form={{
        addLabel: t('users.add'),
        editTitle: (u) => t('users.edit', { name: u.userName }),
        testId: (u) => (u ? 'user-edit' : 'user-create'),
        fields: (u) => (u ? editFields(u) : createFields),
        empty: { userName: '', passWord: '', nickName: '', headerImg: '', authorityId: '', enterpriseId: enterpriseId ?? '', phone: '', email: '', enable: true },
        fromRow: (u) => ({ userName: u.userName, passWord: '', nickName: u.nickName, headerImg: u.headerImg, phone: u.phone, email: u.email, enable: u.enable === 1, ...editStart(u, enterpriseId) }),
        save: (v, u) => (u ? update(v, u) : create(v)),
      }}
      selectable={false}
      remove={oneByOne(deleteUser.mutateAsync)}
      rowActionsAfterEdit={(u) =>
        can('edit') ? (
          <>
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
        ) : null
      }
    >
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
    </ResourceView>
  );
}
