/** The columns member lists share (colony/memberManage, superAdmin/operatorList). */
import { useTranslation } from 'react-i18next';

import type { Column } from '@/components/crud/data-table';
import { Badge } from '@/components/ui/states';
import { formatDateTime, maskPhone } from '@/lib/format';
import type { Member } from '../types';

export function useMemberColumns(): Record<'name' | 'phone' | 'state' | 'createdAt', Column<Member>> {
  const { t } = useTranslation('enterprise');
  return {
    name: {
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
    phone: { key: 'phone', header: t('members.phone'), cell: (m) => <span className="tabular-nums">{maskPhone(m.phone)}</span> },
    state: { key: 'state', header: t('members.state'), cell: (m) => <Badge tone={m.enable === 1 ? 'green' : 'red'}>{m.enable === 1 ? t('members.enabled') : t('members.frozen')}</Badge> },
    createdAt: { key: 'createdAt', header: t('fields.createdAt'), cell: (m) => formatDateTime(m.createdAt), hideOnMobile: true },
  };
}
