/** Setting a member's role in an enterprise (the acting one, or `entId`): one select of the roles the caller may grant. */
import { useTranslation } from 'react-i18next';

import { FormDialog } from '@/components/crud/form-dialog';
import type { Option } from '@/components/crud/form';
import { useSetMemberRole } from '../api/set-member-role';
import type { Member } from '../types';

export function SetRoleDialog({ member, roles, entId, testId, onClose }: { member: Member; roles: readonly Option[]; entId?: number; testId: string; onClose: () => void }) {
  const { t } = useTranslation('enterprise');
  const setRole = useSetMemberRole();
  return (
    <FormDialog<{ authorityId: number | '' }>
      open
      size="sm"
      columns={1}
      onClose={onClose}
      title={t('members.setRoleFor', { name: member.nickName || member.userName })}
      testId={testId}
      fields={[{ name: 'authorityId', label: t('members.role'), type: 'select', required: true, options: roles }]}
      // a role the caller may not grant is not preselected
      initialValues={{ authorityId: roles.some((o) => o.value === member.authorityId) ? member.authorityId : '' }}
      onSubmit={(v) => setRole.mutateAsync({ ...(entId === undefined ? {} : { entId }), userId: member.ID, authorityId: Number(v.authorityId) })}
    />
  );
}
