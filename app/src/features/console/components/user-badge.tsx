import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { buttonClasses } from '@/components/ui/button';
import { LogoutIcon, UserIcon } from '@/components/ui/icons';
import { useApp } from '@/lib/app-context';
import { displayName } from '@/lib/state';
import { paths } from '@/lib/paths';
import { logout } from '@/features/auth';
import { useMenuPath } from '@/lib/console/use-menu-path';

/** Signed-in user's name and sign-out, or the 'visitor' label with a sign-in link (console-spec §3). */
export function UserBadge() {
  const { t } = useTranslation();
  const { user } = useApp();
  const name = displayName(user);
  const profile = useMenuPath()('person');

  if (!name) {
    return (
      <div className="flex items-center gap-2">
        <span className="hidden items-center gap-1.5 text-sm text-slate-500 sm:flex" data-testid="visitor-label">
          <UserIcon className="size-4" />
          {t('user.visitor')}
        </span>
        <Link to={`${paths.login}?redirect=${encodeURIComponent(paths.map)}`} className={buttonClasses('accent', 'sm')}>
          {t('user.signIn')}
        </Link>
      </div>
    );
  }

  const badge = (
    <>
      <span aria-hidden="true" className="bg-accent/15 text-accent flex size-8 items-center justify-center rounded-full text-sm font-semibold">
        {name.slice(0, 1).toUpperCase()}
      </span>
      {/* phones: the initial alone (the name stays in the link's title) */}
      <span className="hidden max-w-32 truncate text-sm font-medium text-slate-800 sm:inline" data-testid="user-name">
        {name}
      </span>
    </>
  );
  return (
    <div className="flex items-center gap-2">
      {profile ? (
        <Link to={profile} className="flex items-center gap-2 rounded-md hover:opacity-80" title={t('user.signedInAs', { name })} data-testid="profile-link">
          {badge}
        </Link>
      ) : (
        <span className="flex items-center gap-2" title={t('user.signedInAs', { name })}>
          {badge}
        </span>
      )}
      <button
        type="button"
        onClick={() => {
          void logout();
        }}
        className="rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        aria-label={t('user.signOut')}
        title={t('user.signOut')}
      >
        <LogoutIcon className="size-5" />
      </button>
    </div>
  );
}
