/** Layout of the public pages (solution, about, 404, …): header with navigation, content, footer. */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

import { useApp } from '@/lib/app-context';
import { displayName } from '@/lib/state';
import { articlePath, paths } from '@/lib/paths';
import { AppLink, AppNavLink } from '@/components/ui/app-link';
import { buttonClasses, LinkButton } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { Drawer } from '@/components/ui/drawer';
import { ArrowRightIcon, MenuIcon } from '@/components/ui/icons';
import { BrandMark } from './brand-mark';
import { LanguageSwitcher } from './language-switcher';

const NAV = [
  { to: paths.solution, key: 'nav.solution' },
  { to: paths.truck, key: 'nav.truck' },
  { to: paths.saloon, key: 'nav.saloon' },
  { to: paths.about, key: 'nav.about' },
  { to: paths.map, key: 'nav.map' },
] as const;

function navClass({ isActive }: { isActive: boolean }) {
  return cx(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'text-brand-700' : 'text-slate-600 hover:text-slate-900',
  );
}

function SiteHeader() {
  const { t } = useTranslation();
  const { user } = useApp();
  const name = displayName(user);
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => {
    setMenuOpen(false);
  };

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <BrandMark to={paths.solution} />
        <nav aria-label={t('nav.primary')} className="ml-6 hidden items-center gap-1 md:flex">
          {NAV.map((item) => (
            <AppNavLink key={item.to} to={item.to} className={navClass}>
              {t(item.key)}
            </AppNavLink>
          ))}
        </nav>
        <div className="ml-auto hidden items-center gap-3 md:flex">
          <LanguageSwitcher />
          {name ? (
            <LinkButton to={paths.map} size="sm">
              {name}
              <ArrowRightIcon className="size-4" />
            </LinkButton>
          ) : (
            <LinkButton to={paths.login} size="sm">
              {t('nav.signIn')}
            </LinkButton>
          )}
        </div>
        <button
          type="button"
          className="ml-auto rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          aria-label={t('nav.openMenu')}
          aria-expanded={menuOpen}
          aria-haspopup="dialog"
          data-testid="site-menu-button"
          onClick={() => {
            setMenuOpen(true);
          }}
        >
          <MenuIcon className="size-6" />
        </button>
      </div>
      <Drawer open={menuOpen} onClose={close} title={t('nav.primary')} side="right">
        <nav aria-label={t('nav.primary')} className="flex flex-col gap-1 p-4">
          {NAV.map((item) => (
            <AppNavLink
              key={item.to}
              to={item.to}
              onClick={close}
              className={({ isActive }) =>
                cx('rounded-lg px-3 py-2.5 text-base font-medium', isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-50')
              }
            >
              {t(item.key)}
            </AppNavLink>
          ))}
        </nav>
        <div className="flex flex-col gap-4 border-t border-slate-200 p-4">
          <LanguageSwitcher className="self-start" />
          <AppLink to={name ? paths.map : paths.login} onClick={close} className={buttonClasses('primary', 'md', 'w-full')}>
            {name ?? t('nav.signIn')}
          </AppLink>
        </div>
      </Drawer>
    </header>
  );
}

function SiteFooter() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('about');
  const { brand } = useApp();
  const linkClass = 'text-sm text-slate-400 hover:text-white';
  return (
    <footer className="bg-ink-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 sm:grid-cols-2 md:grid-cols-[2fr_1fr_1fr_1fr] lg:px-8">
        <div className="max-w-sm">
          <BrandMark to={paths.solution} tone="light" />
          <p className="mt-4 text-sm font-medium text-white">{t('footer.tagline')}</p>
          <p className="mt-2 text-sm leading-6 text-slate-400">{brand.desc}</p>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-white">{t('footer.product')}</h2>
          <ul className="mt-4 space-y-3">
            <li>
              <AppLink className={linkClass} to={paths.solution}>
                {t('nav.solution')}
              </AppLink>
            </li>
            <li>
              <AppLink className={linkClass} to={paths.truck}>
                {t('nav.truck')}
              </AppLink>
            </li>
            <li>
              <AppLink className={linkClass} to={paths.saloon}>
                {t('nav.saloon')}
              </AppLink>
            </li>
            <li>
              <AppLink className={linkClass} to={paths.map}>
                {t('nav.map')}
              </AppLink>
            </li>
            <li>
              <AppLink className={linkClass} to={paths.login}>
                {t('nav.signIn')}
              </AppLink>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-white">{t('footer.company')}</h2>
          <ul className="mt-4 space-y-3">
            <li>
              <AppLink className={linkClass} to={paths.about}>
                {t('nav.about')}
              </AppLink>
            </li>
            <li>
              <AppLink className={linkClass} to={`${paths.about}#contact`}>
                {t('footer.contact')}
              </AppLink>
            </li>
            <li>
              <AppLink className={linkClass} to={articlePath('privacy')}>
                {t('footer.privacy')}
              </AppLink>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-white">{t('footer.legal')}</h2>
          <ul className="mt-4 space-y-3">
            <li>
              <AppLink className={linkClass} to={articlePath('terms')}>
                {t('footer.terms')}
              </AppLink>
            </li>
            <li>
              <AppLink className={linkClass} to={articlePath('cookies')}>
                {t('footer.cookies')}
              </AppLink>
            </li>
            <li>
              <AppLink className={linkClass} to={paths.install}>
                {t('footer.install')}
              </AppLink>
            </li>
            <li>
              <AppLink className={linkClass} to={paths.cancellation}>
                {t('footer.cancellation')}
              </AppLink>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6 lg:px-8">
          © {ta('profile.company')} · {brand.appName} · {t('footer.rights')}
        </p>
      </div>
    </footer>
  );
}

/** The public frame around any content (also used for the 404 view of unknown console paths). */
export function SiteFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        {t('a11y.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

export function SiteLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}
