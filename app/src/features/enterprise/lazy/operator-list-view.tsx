/**
 * superAdmin/operatorList: the platform's staff — members of the platform enterprise (1013) — with their role there.
 * Add an operator (a new account with role 999 platform operator or 666 platform support in the platform enterprise),
 * change an operator's role. Removing a membership has no server call yet.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Option } from '@/components/crud/form';
import { ResourceView } from '@/components/crud/resource-view';
import { RowAction } from '@/components/crud/view';
import { Badge } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { isValidPhone } from '@/lib/account-rules';
import { orUndefined } from '@/lib/format';
import { useApiMutation } from '@/lib/query';
import { PLATFORM_ENTERPRISE_ID, PLATFORM_ROLE_IDS } from '@/features/auth';
import { useButtons } from '@/lib/console/menu-route-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { createUser, usersKey } from '@/features/system';
import { enterpriseKeys } from '../api/keys';
import { getMembers, type MemberListParams } from '../api/get-members';
import { useMemberColumns } from '../components/member-columns';
import { SetRoleDialog } from '../components/set-role-dialog';
import type { Member } from '../types';

type Filters = Omit<MemberListParams, 'page' | 'pageSize'>;

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
  const memberColumns = useMemberColumns();
  const create = useApiMutation(createUser, { invalidate: [enterpriseKeys.members, usersKey] });
  const [roleOf, setRoleOf] = useState<Member | null>(null);
  const roleOptions: Option[] = PLATFORM_ROLE_IDS.map((id) => ({ value: id, label: id === 999 ? t('operators.roles.999') : t('operators.roles.666') }));

  return (
    <ResourceView<Member, Filters, OperatorValues, number>
      title={menuTitle(route, lang)}
      description={t('operators.description')}
      testId="operators"
      queryKey={enterpriseKeys.members}
      fetchPage={getMembers}
      toParams={(v) => ({ enterpriseId: PLATFORM_ENTERPRISE_ID, keyword: orUndefined(v.keyword), authorityId: v.authorityId ? Number(v.authorityId) : undefined })}
      searchFields={[
        { name: 'keyword', label: t('members.keyword') },
        { name: 'authorityId', label: t('members.role'), type: 'select', options: roleOptions },
      ]}
      columns={[
        memberColumns.name,
        memberColumns.phone,
        { key: 'role', header: t('members.role'), cell: (m) => <Badge tone={PLATFORM_ROLE_IDS.includes(m.authorityId) ? 'blue' : 'slate'}>{m.authorityName || m.authorityId}</Badge> },
        memberColumns.state,
        memberColumns.createdAt,
      ]}
      rowKey={(m) => m.ID}
      rowLabel={(m) => m.nickName || m.userName}
      texts={{ search: t('members.search'), loadFailed: t('list.loadFailed') }}
      rowActions={(m) =>
        can('edit') && PLATFORM_ROLE_IDS.includes(m.authorityId) ? (
          <RowAction
            onClick={() => {
              setRoleOf(m);
            }}
          >
            {t('members.setRole')}
          </RowAction>
        ) : null
      }
      form={{
        addLabel: t('operators.add'),
        editTitle: (m) => m.userName,
        editable: () => false,
        testId: 'operator-add',
        fields: [
          { name: 'userName', label: t('members.userName'), type: 'text', required: true, maxLength: 64, autoComplete: 'off' },
          { name: 'passWord', label: t('operators.password'), type: 'password', required: true, minLength: 6 },
          { name: 'nickName', label: t('members.name'), type: 'text', required: true, maxLength: 64 },
          { name: 'phone', label: t('members.phone'), type: 'tel', validate: (v) => (typeof v === 'string' && v.trim() !== '' && !isValidPhone(v) ? t('members.phoneInvalid') : null) },
          { name: 'authorityId', label: t('members.role'), type: 'select', required: true, options: roleOptions },
        ],
        empty: { userName: '', passWord: '', nickName: '', phone: '', authorityId: PLATFORM_ROLE_IDS[0] ?? '' },
        fromRow: (m) => ({ userName: m.userName, passWord: '', nickName: m.nickName, phone: m.phone, authorityId: m.authorityId }),
        save: (v) =>
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
          }),
      }}
    >
      {roleOf ? (
        <SetRoleDialog
          member={roleOf}
          roles={roleOptions} entId={PLATFORM_ENTERPRISE_ID}
          testId="operator-role"
          onClose={() => {
            setRoleOf(null);
          }}
        />
      ) : null}
    </ResourceView>
  );
}
