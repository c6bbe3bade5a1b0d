/**
 * /qr-login?key=…: the phone's side of a QR sign-in. The waiting browser shows a code for `origin + qrUrl`
 * (POST /api/base/timeKey); the phone opens it signed in, which reports the scan (POST /api/user/recons
 * {key, action:'scan'}), then confirms or cancels with the same call. Without a session of its own (nobody, or only the
 * automatic visitor) the page asks to sign in and comes back here through `redirect`.
 *
 * First render (server and hydration): from the render input only (the host renders visitors as nobody); the session
 * in this browser decides right after.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { BrandMark } from '@/components/layout/brand-mark';
import { LanguageSwitcher } from '@/components/layout/language-switcher';
import { Button, LinkButton } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { AlertIcon, CheckIcon, ClockIcon, CloseIcon, PhoneDeviceIcon, QrIcon, SpinnerIcon, UserIcon } from '@/components/ui/icons';
import { useApp } from '@/lib/app-context';
import { useHydrated } from '@/lib/local-store';
import { paths } from '@/lib/paths';
import type { Answer } from '@/lib/request';
import { displayName, isSignedIn } from '@/lib/state';
import { useSession } from '@/lib/console/session-context';
import { useRecons, type QrAction } from '../api/recons';
import type { ScanStatus } from '../api/scan-status';

/** What the server said last. `null`: nothing asked yet. */
export type QrOutcome =
  | { kind: 'ask' }
  | { kind: 'confirmed' }
  | { kind: 'cancelled' }
  | { kind: 'expired' }
  /** Code 7 (expired key, a state that does not allow the action…): the server's own words. */
  | { kind: 'refused'; message: string }
  /** No answer (network) or the session ended: try the same action again. */
  | { kind: 'failed'; retry: QrAction };

/** The outcome of a recons answer for `action`. Pure. */
export function qrOutcome(answer: Answer<{ status: ScanStatus }>, action: QrAction): QrOutcome {
  if (typeof answer === 'string') return { kind: 'failed', retry: action };
  if (answer.code === 0) {
    switch (answer.data.status) {
      case 'confirmed':
        return { kind: 'confirmed' };
      case 'expired':
        return { kind: 'expired' };
      case 'failed':
        return action === 'cancel' ? { kind: 'cancelled' } : { kind: 'refused', message: '' };
      default:
        // waiting / scanned: the scan is recorded, the person decides
        return action === 'scan' ? { kind: 'ask' } : { kind: 'failed', retry: action };
    }
  }
  if (answer.code > 0 && answer.code !== 100 && answer.code !== 502) return { kind: 'refused', message: answer.msg };
  return { kind: 'failed', retry: action };
}

/** Where the sign-in prompt sends the phone: /login, coming back to this very page. */
export function qrSignInHref(key: string): string {
  return `${paths.login}?redirect=${encodeURIComponent(`${paths.qrLogin}?key=${encodeURIComponent(key)}`)}`;
}

type Tone = 'brand' | 'green' | 'amber' | 'red' | 'slate';
const TONES: Record<Tone, string> = {
  brand: 'bg-brand-50 text-brand-700',
  green: 'bg-emerald-50 text-emerald-600',
  amber: 'bg-amber-50 text-amber-600',
  red: 'bg-red-50 text-red-600',
  slate: 'bg-slate-100 text-slate-500',
};

function Card({ icon, tone, title, body, children, state }: { icon: ReactNode; tone: Tone; title: ReactNode; body?: ReactNode; children?: ReactNode; state: string }) {
  return (
    <section className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200" data-qr-confirm={state} aria-live="polite">
      <span className={cx('mx-auto flex size-14 items-center justify-center rounded-full', TONES[tone])}>{icon}</span>
      <h2 className="mt-4 text-lg font-semibold text-balance text-slate-900" data-testid="qr-confirm-title">
        {title}
      </h2>
      {body ? <p className="mt-2 text-sm text-pretty text-slate-500">{body}</p> : null}
      {children ? <div className="mt-6 flex flex-col gap-3">{children}</div> : null}
    </section>
  );
}

export function QrConfirmPage() {
  const { t } = useTranslation('login');
  const { brand, serverUser, user } = useApp();
  const session = useSession();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const key = (params.get('key') ?? '').trim();
  const recons = useRecons();
  const [outcome, setOutcome] = useState<QrOutcome | null>(null);
  const [busy, setBusy] = useState<QrAction | null>(null);

  // the render input until hydration (a real user or nobody), then this browser's session
  const signedIn = hydrated ? session.hasToken && !session.visitor : isSignedIn(serverUser);
  const visitor = hydrated && session.hasToken && session.visitor;
  const { mutateAsync } = recons;

  const run = (action: QrAction) => {
    setBusy(action);
    void mutateAsync({ key, action }).then(
      (answer) => {
        setBusy(null);
        setOutcome(qrOutcome(answer, action));
      },
      () => {
        setBusy(null);
        setOutcome({ kind: 'failed', retry: action });
      },
    );
  };

  // on load: report the scan once this browser's own session is known
  const scanNeeded = hydrated && signedIn && key !== '' && outcome === null;
  useEffect(() => {
    if (!scanNeeded) return;
    let live = true;
    void mutateAsync({ key, action: 'scan' }).then(
      (answer) => {
        if (live) setOutcome(qrOutcome(answer, 'scan'));
      },
      () => {
        if (live) setOutcome({ kind: 'failed', retry: 'scan' });
      },
    );
    return () => {
      live = false;
    };
  }, [scanNeeded, key, mutateAsync]);

  let content: ReactNode;
  if (key === '') {
    content = <Card state="noKey" tone="amber" icon={<AlertIcon className="size-7" />} title={t('qrConfirm.noKey')} />;
  } else if (!signedIn) {
    content = (
      <Card
        state="signIn"
        tone="brand"
        icon={<UserIcon className="size-7" />}
        title={t('qrConfirm.signInTitle')}
        body={visitor ? t('qrConfirm.signInVisitor') : t('qrConfirm.signInBody', { appName: brand.appName })}
      >
        {/* a full page load: /login renders on the server, and signing in there reloads back here */}
        <a href={qrSignInHref(key)} className="bg-accent inline-flex h-12 items-center justify-center rounded-lg px-4 text-base font-semibold text-white hover:opacity-90" data-testid="qr-confirm-sign-in">
          {t('qrConfirm.signIn')}
        </a>
      </Card>
    );
  } else if (outcome === null) {
    content = <Card state="checking" tone="slate" icon={<SpinnerIcon className="size-7 animate-spin" />} title={t('qrConfirm.checking')} />;
  } else if (outcome.kind === 'ask') {
    const name = displayName(user) ?? t('qrConfirm.you');
    content = (
      <Card state="ask" tone="brand" icon={<PhoneDeviceIcon className="size-7" />} title={t('qrConfirm.ask', { name })} body={t('qrConfirm.askHint')}>
        <Button
          variant="accent"
          size="lg"
          className="h-12 text-base"
          disabled={busy !== null}
          aria-busy={busy === 'confirm'}
          onClick={() => {
            run('confirm');
          }}
        >
          {busy === 'confirm' ? <SpinnerIcon className="size-5 animate-spin" /> : <CheckIcon className="size-5" />}
          {busy === 'confirm' ? t('qrConfirm.confirming') : t('qrConfirm.confirm')}
        </Button>
        <Button
          variant="secondary"
          size="lg"
          className="h-12 text-base"
          disabled={busy !== null}
          aria-busy={busy === 'cancel'}
          onClick={() => {
            run('cancel');
          }}
        >
          {busy === 'cancel' ? <SpinnerIcon className="size-5 animate-spin" /> : null}
          {t('qrConfirm.cancel')}
        </Button>
      </Card>
    );
  } else if (outcome.kind === 'confirmed') {
    content = (
      <Card state="confirmed" tone="green" icon={<CheckIcon className="size-7" />} title={t('qrConfirm.confirmed')} body={t('qrConfirm.confirmedHint')}>
        <LinkButton to={paths.map} variant="secondary" size="lg" className="h-12 text-base" reloadDocument>
          {t('qrConfirm.toMap')}
        </LinkButton>
      </Card>
    );
  } else if (outcome.kind === 'cancelled') {
    content = <Card state="cancelled" tone="slate" icon={<CloseIcon className="size-7" />} title={t('qrConfirm.cancelled')} body={t('qrConfirm.confirmedHint')} />;
  } else if (outcome.kind === 'expired' || outcome.kind === 'refused') {
    const message = outcome.kind === 'refused' ? outcome.message : '';
    content = <Card state={outcome.kind} tone="amber" icon={<ClockIcon className="size-7" />} title={message || t('qrConfirm.expired')} body={t('qrConfirm.expiredHint')} />;
  } else {
    const retry = outcome.retry;
    content = (
      <Card state="failed" tone="red" icon={<AlertIcon className="size-7" />} title={t('qrConfirm.failed')}>
        <Button
          variant="secondary"
          size="lg"
          className="h-12 text-base"
          disabled={busy !== null}
          onClick={() => {
            if (retry === 'scan') setOutcome(null);
            else run(retry);
          }}
        >
          {t('qrConfirm.retry')}
        </Button>
      </Card>
    );
  }

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="flex h-14 items-center justify-between gap-3 px-4 sm:px-6">
        <BrandMark to={paths.solution} />
        <LanguageSwitcher />
      </header>
      <main id="main" className="mx-auto flex w-full max-w-sm flex-1 flex-col px-4 pt-4 pb-12 sm:justify-center sm:pt-0">
        <h1 className="mb-4 flex items-center justify-center gap-2 text-sm font-medium text-slate-500">
          <QrIcon className="size-4" />
          {t('qrConfirm.heading')}
        </h1>
        {content}
      </main>
    </div>
  );
}
