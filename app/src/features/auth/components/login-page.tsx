/** /login: password sign-in (with a captcha when the server asks), QR sign-in, and the way to register. */
import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { BrandMark } from '@/components/layout/brand-mark';
import { LanguageSwitcher } from '@/components/layout/language-switcher';
import { AppLink } from '@/components/ui/app-link';
import { cx } from '@/components/ui/cx';
import { CheckIcon, KeyIcon, QrIcon } from '@/components/ui/icons';
import { useApp } from '@/lib/app-context';
import { useHydrated } from '@/lib/local-store';
import { signInAndReload } from '@/lib/session';
import { paths } from '@/lib/paths';
import type { LoginData } from '../api/login';
import { safeRedirect } from '../redirect';
import { LoginForm } from './login-form';
import { QrLogin } from './qr-login';

type Tab = 'password' | 'qr';
const TABS: Tab[] = ['password', 'qr'];
const POINTS = ['tpms', 'axle', 'orders'] as const;

export function LoginPage() {
  const { t } = useTranslation('login');
  const { brand } = useApp();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get('redirect'));
  const [tab, setTab] = useState<Tab>('password');
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ password: null, qr: null });
  const hydrated = useHydrated();
  // login type 'system': the page reloads into the console (console-spec §4), so the server renders for the user
  const onSuccess = useCallback(
    (data: LoginData) => {
      signInAndReload(data.token, data.user, redirectTo);
    },
    [redirectTo],
  );

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + 1) % TABS.length] ?? 'password';
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="grid min-h-dvh md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <aside className="bg-ink-950 relative isolate hidden flex-col justify-between overflow-hidden p-10 md:flex">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(70%_60%_at_20%_10%,rgba(77,112,255,0.35),transparent),radial-gradient(50%_50%_at_90%_90%,rgba(77,112,255,0.2),transparent)]"
        />
        <BrandMark to={paths.solution} tone="light" />
        <div>
          <h2 className="text-3xl leading-tight font-bold text-white">{t('aside.title')}</h2>
          <ul className="mt-8 space-y-4">
            {POINTS.map((id) => (
              <li key={id} className="flex gap-3 text-slate-300">
                <span className="bg-brand-500/20 text-brand-300 mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full">
                  <CheckIcon className="size-3.5" />
                </span>
                {t(`aside.points.${id}`)}
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-slate-500">{brand.desc}</p>
      </aside>

      <main id="main" className="flex flex-col">
        <div className="flex h-16 items-center justify-between px-4 sm:px-8">
          <BrandMark to={paths.solution} className="md:invisible" />
          <LanguageSwitcher />
        </div>
        <div className="flex flex-1 items-center justify-center px-4 pb-16 sm:px-8">
          <div className="w-full max-w-sm">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('heading')}</h1>
            <p className="mt-2 text-sm text-slate-500">{t('subheading')}</p>

            <div role="tablist" aria-label={t('tabs.label')} className="mt-8 grid grid-cols-2 rounded-lg bg-slate-100 p-1">
              {TABS.map((id) => {
                const selected = tab === id;
                const Icon = id === 'password' ? KeyIcon : QrIcon;
                return (
                  <button
                    key={id}
                    ref={(el) => {
                      tabRefs.current[id] = el;
                    }}
                    type="button"
                    role="tab"
                    id={`login-tab-${id}`}
                    aria-selected={selected}
                    aria-controls={`login-panel-${id}`}
                    tabIndex={selected ? 0 : -1}
                    onKeyDown={onTabKey}
                    onClick={() => {
                      setTab(id);
                    }}
                    className={cx(
                      'flex h-9 items-center justify-center gap-1.5 rounded-md text-sm font-medium transition-colors',
                      selected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-800',
                    )}
                  >
                    <Icon className="size-4" />
                    {t(`tabs.${id}`)}
                  </button>
                );
              })}
            </div>

            <div
              role="tabpanel"
              id="login-panel-password"
              aria-labelledby="login-tab-password"
              hidden={tab !== 'password'}
              className="mt-6"
            >
              <LoginForm scope="page" onSuccess={onSuccess} stayBusyOnSuccess />
            </div>
            <div role="tabpanel" id="login-panel-qr" aria-labelledby="login-tab-qr" hidden={tab !== 'qr'} className="mt-6">
              {hydrated && tab === 'qr' ? <QrLogin onSuccess={onSuccess} /> : null}
            </div>

            <p className="mt-8 text-center text-sm text-slate-500">
              {t('noAccount')}{' '}
              <AppLink to={paths.register} className="text-brand-700 font-medium hover:underline" data-testid="register-link">
                {t('register')}
              </AppLink>
            </p>
            <p className="mt-2 text-center text-sm">
              <AppLink to={paths.solution} className="text-brand-700 font-medium hover:underline">
                {t('backHome')}
              </AppLink>
            </p>
          </div>
        </div>
      </main>
    </div>
  );
}
