/**
 * The console layout: side menu (collapsible on desktop, a drawer on mobile ≤768 px), header with invitations, the
 * message bell, language switch, full-screen toggle, settings and the user, and the page content.
 */
import { useCallback, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { BrandMark } from '@/components/layout/brand-mark';
import { LanguageSwitcher } from '@/components/layout/language-switcher';
import { cx } from '@/components/ui/cx';
import { Drawer } from '@/components/ui/drawer';
import { MaximizeIcon, MenuIcon, MinimizeIcon, SlidersIcon } from '@/components/ui/icons';
import { useApp } from '@/lib/app-context';
import { notify } from '@/lib/feedback';
import { paths } from '@/lib/paths';
import { isSignedIn } from '@/lib/state';
import { EnterpriseSwitcher, InvitationInbox } from '@/features/enterprise';
import { MessageBell } from '@/features/rules';
import { SettingsDrawer, useConsoleSettings } from '@/features/settings';
import { SideMenu } from './side-menu';
import { useFullscreen } from '../use-fullscreen';
import { UserBadge } from './user-badge';

const iconButton = 'rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-40';

interface ConsoleShellProps {
  title: string;
  children: ReactNode;
  /** The history tabs (below the header). */
  tabs?: ReactNode;
  /** The content fills the area and scrolls itself (the map); otherwise the area scrolls. */
  fill?: boolean;
}

export function ConsoleShell({ title, children, tabs, fill = false }: ConsoleShellProps) {
  const { t } = useTranslation(['console', 'common']);
  const { user } = useApp();
  const settings = useConsoleSettings(user);
  const fullscreen = useFullscreen();
  const [collapsed, setCollapsed] = useState(false);
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const closeMobileMenu = useCallback(() => {
    setMobileMenuOpen(false);
  }, []);

  return (
    <div
      className="flex h-dvh overflow-hidden bg-slate-100 print:block print:h-auto print:overflow-visible print:bg-white"
      style={{ '--wheelend-accent': settings.activeColor } as CSSProperties}
      data-side-mode={settings.sideMode}
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        {t('common:a11y.skipToContent')}
      </a>
      <aside
        className={cx('hidden shrink-0 transition-[width] duration-200 md:block print:hidden', collapsed ? 'w-16' : 'w-56')}
        data-testid="side-menu"
      >
        <SideMenu
          mode={settings.sideMode}
          baseColor={settings.baseColor}
          collapsed={collapsed}
          onToggleCollapsed={() => {
            setCollapsed((c) => !c);
          }}
        />
      </aside>
      <Drawer open={mobileMenuOpen} onClose={closeMobileMenu} title={t('menu.label')} side="left" bare className="w-64">
        <SideMenu mode={settings.sideMode}
          baseColor={settings.baseColor} collapsed={false} onNavigate={closeMobileMenu} />
      </Drawer>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-3 md:px-5 print:hidden">
          <button
            type="button"
            className={cx(iconButton, 'md:hidden')}
            aria-label={t('common:nav.openMenu')}
            aria-expanded={mobileMenuOpen}
            aria-haspopup="dialog"
            data-testid="console-menu-button"
            onClick={() => {
              setMobileMenuOpen(true);
            }}
          >
            <MenuIcon className="size-6" />
          </button>
          {/* phones: a signed-in header carries the enterprise switcher; the brand is in the menu drawer then */}
          <BrandMark to={paths.map} className={cx('md:hidden', isSignedIn(user) && 'max-sm:hidden')} />
          <h1 className="sr-only text-base font-semibold text-slate-900 md:not-sr-only">{title}</h1>
          <div className="ml-auto flex min-w-0 items-center gap-0.5 sm:gap-2">
            <EnterpriseSwitcher />
            <InvitationInbox />
            <MessageBell />
            <LanguageSwitcher />
            <button
              type="button"
              className={cx(iconButton, 'hidden sm:inline-flex')}
              onClick={fullscreen.toggle}
              disabled={!fullscreen.supported}
              aria-pressed={fullscreen.active}
              aria-label={fullscreen.active ? t('header.exitFullscreen') : t('header.fullscreen')}
              title={fullscreen.active ? t('header.exitFullscreen') : t('header.fullscreen')}
            >
              {fullscreen.active ? <MinimizeIcon /> : <MaximizeIcon />}
            </button>
            <button
              type="button"
              className={iconButton}
              onClick={() => {
                setSettingsOpen(true);
              }}
              aria-haspopup="dialog"
              aria-expanded={settingsOpen}
              aria-label={t('header.settings')}
              title={t('header.settings')}
            >
              <SlidersIcon />
            </button>
            <span className="mx-1 hidden h-6 w-px bg-slate-200 sm:block" aria-hidden="true" />
            <UserBadge />
          </div>
        </header>
        {tabs ? <div className="shrink-0 print:hidden">{tabs}</div> : null}
        <main id="main" className={cx('min-h-0 flex-1 overflow-y-auto print:overflow-visible', fill && 'md:overflow-hidden')}>
          {children}
        </main>
      </div>

      <SettingsDrawer
        open={settingsOpen}
        onClose={() => {
          setSettingsOpen(false);
        }}
        settings={settings}
        onChanged={() => {
          notify.success({ text: t('settings.saved') });
        }}
      />
    </div>
  );
}
