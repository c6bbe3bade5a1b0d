/** superAdmin/userDetail/:id: one user's profile, roles and account state. */
import { useTranslation } from 'react-i18next';

import { Panel, ViewPage } from '@/components/crud/view';
import { LinkButton } from '@/components/ui/button';
import { ChevronLeftIcon } from '@/components/ui/icons';
import { Badge, ErrorState, LoadingState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { formatDateTime, maskPhone, orUndefined } from '@/lib/format';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { useUser } from '../api/get-user';
import { Avatar, RoleBadges } from '../components/user-bits';

export default function UserDetailView({ route, params }: MenuViewProps) {
  const { t } = useTranslation('system');
  const { lang } = useApp();
  const menuPath = useMenuPath();
  const id = Number(params.id);
  const user = useUser(id);
  const back = menuPath('user');
  const u = user.data;
  return (
    <ViewPage
      title={menuTitle(route, lang)}
      actions={
        back ? (
          <LinkButton to={back} variant="secondary" size="sm">
            <ChevronLeftIcon className="size-4" />
            {t('users.backToList')}
          </LinkButton>
        ) : null
      }
    >
      <Panel className="p-5">
        {user.isPending ? (
          <LoadingState />
        ) : !u ? (
          <ErrorState message={t('users.notFound')} onRetry={() => void user.refetch()} />
        ) : (
          <div className="flex flex-col gap-6 md:flex-row md:items-start">
            <Avatar user={u} size="lg" />
            <dl className="grid flex-1 gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
              {[
                [t('users.userName'), u.userName],
                [t('users.nickName'), u.nickName],
                [t('users.realName'), orUndefined(u.realName) ?? '—'],
                [t('users.country'), orUndefined(u.country) ?? '—'],
                [t('users.phone'), maskPhone(u.phone)],
                [t('users.email'), u.email || '—'],
                ['UUID', <span key="uuid" className="font-mono text-xs break-all">{u.uuid}</span>],
                [t('common.createdAt'), formatDateTime(u.createdAt ?? u.CreatedAt) || '—'],
                [t('users.enable'), <Badge key="en" tone={u.enable === 1 ? 'green' : 'red'}>{u.enable === 1 ? t('users.enabled') : t('users.frozen')}</Badge>],
                [t('users.roles'), <RoleBadges key="roles" user={u} />],
              ].map(([k, v], i) => (
                <div key={i}>
                  <dt className="text-slate-500">{k}</dt>
                  <dd className="mt-1 text-slate-900">{v}</dd>
                </div>
              ))}
            </dl>
          </div>
        )}
      </Panel>
    </ViewPage>
  );
}
