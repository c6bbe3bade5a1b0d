/**
 * QR sign-in: POST /api/base/timeKey gives a key and what the code encodes; POST /api/base/scan {key} is polled
 * until the app confirms (then it carries the token and user). States: waiting, scanned, confirmed, expired,
 * failed; the last two offer a reload. Browser only (the tab panel renders it after hydration).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { AlertIcon, CheckIcon, ClockIcon, PhoneDeviceIcon, RefreshIcon, SpinnerIcon } from '@/components/ui/icons';
import { useApp } from '@/lib/app-context';
import { getTimeKey, type TimeKey } from '../api/get-time-key';
import type { LoginData } from '../api/login';
import { scanStatus, type ScanStatus } from '../api/scan-status';

/** How often the scan state is asked for. */
export const SCAN_POLL_MS = 2000;
/** Transport failures in a row after which the code counts as failed. */
const MAX_POLL_FAILURES = 3;

type State = { phase: 'loading' } | { phase: ScanStatus; key: TimeKey } | { phase: 'error' };

/** What the code encodes: the confirmation page (`qrUrl` is a path on this site), else the key itself. */
function qrText(key: TimeKey): string {
  if (key.qrUrl.startsWith('/')) return `${window.location.origin}${key.qrUrl}`;
  return key.qrUrl === '' ? key.key : key.qrUrl;
}

export function expiryOf(key: TimeKey): number {
  const v = key.expiresAt;
  if (typeof v === 'number') return v < 1e12 ? v * 1000 : v;
  const t = Date.parse(v);
  return Number.isNaN(t) ? Date.now() + 120_000 : t;
}

function QrImage({ text, dim }: { text: string; dim: boolean }) {
  const { t } = useTranslation('login');
  const [qr, setQr] = useState<{ text: string; size: number; d: string } | null>(null);
  useEffect(() => {
    let live = true;
    if (/^(data:image\/|https?:\/\/\S+\.(png|jpe?g|gif|svg)(\?|$))/i.test(text)) return;
    void import('@/lib/lazy/qr-matrix').then(({ qrPath }) => {
      if (live) setQr({ text, ...qrPath(text) });
    });
    return () => {
      live = false;
    };
  }, [text]);
  const isImage = /^(data:image\/|https?:\/\/\S+\.(png|jpe?g|gif|svg)(\?|$))/i.test(text);
  const box = cx('size-48 rounded-lg bg-white p-2 ring-1 ring-slate-200 transition-opacity', dim && 'opacity-20');
  if (isImage) return <img src={text} alt={t('qr.imageAlt')} className={box} />;
  if (qr?.text !== text) {
    return (
      <div className={cx(box, 'flex items-center justify-center')}>
        <SpinnerIcon className="size-6 animate-spin text-slate-400" />
      </div>
    );
  }
  return (
    <svg viewBox={`0 0 ${qr.size} ${qr.size}`} className={box} role="img" aria-label={t('qr.imageAlt')} shapeRendering="crispEdges" data-testid="qr-code">
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.d} fill="#111218" />
    </svg>
  );
}

export function QrLogin({ onSuccess }: { onSuccess: (data: LoginData) => void }) {
  const { t } = useTranslation('login');
  const { brand } = useApp();
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // a fresh key per attempt
  useEffect(() => {
    let live = true;
    getTimeKey().then(
      (key) => {
        if (live) setState({ phase: 'waiting', key });
      },
      () => {
        if (live) setState({ phase: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  // poll while the code is waiting to be scanned or confirmed
  const key = state.phase === 'waiting' || state.phase === 'scanned' ? state.key : null;
  const phase = state.phase;
  useEffect(() => {
    if (!key) return;
    let live = true;
    let failures = 0;
    let timer = 0;
    const tick = async () => {
      if (Date.now() >= expiryOf(key)) {
        setState({ phase: 'expired', key });
        return;
      }
      const answer = await scanStatus(key.key);
      if (!live) return;
      if (typeof answer === 'string' || answer.code !== 0) {
        failures = typeof answer !== 'string' && answer.code < 0 ? failures + 1 : MAX_POLL_FAILURES;
        if (failures >= MAX_POLL_FAILURES) {
          setState({ phase: 'failed', key });
          return;
        }
      } else {
        failures = 0;
        const { status, token, user } = answer.data;
        if (status === 'confirmed' && token && user) {
          setState({ phase: 'confirmed', key });
          onSuccess({ token, user, expiresAt: 0 });
          return;
        }
        if (status === 'expired' || status === 'failed' || (status === 'confirmed' && !token)) {
          setState({ phase: status === 'confirmed' ? 'failed' : status, key });
          return;
        }
        if (status !== phase) setState({ phase: status, key });
      }
      timer = window.setTimeout(() => void tick(), SCAN_POLL_MS);
    };
    timer = window.setTimeout(() => void tick(), SCAN_POLL_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [key, phase, onSuccess]);

  const reload = () => {
    setState({ phase: 'loading' });
    setAttempt((a) => a + 1);
  };

  const status = (() => {
    switch (state.phase) {
      case 'loading':
        return { icon: <SpinnerIcon className="size-4 animate-spin" />, text: t('qr.loading'), tone: 'text-slate-500' };
      case 'waiting':
        return { icon: <PhoneDeviceIcon className="size-4" />, text: t('qr.waiting', { appName: brand.appName }), tone: 'text-slate-600' };
      case 'scanned':
        return { icon: <CheckIcon className="size-4" />, text: t('qr.scanned'), tone: 'text-brand-700' };
      case 'confirmed':
        return { icon: <SpinnerIcon className="size-4 animate-spin" />, text: t('qr.confirmed'), tone: 'text-emerald-700' };
      case 'expired':
        return { icon: <ClockIcon className="size-4" />, text: t('qr.expired'), tone: 'text-amber-700' };
      default:
        return { icon: <AlertIcon className="size-4" />, text: t('qr.failed'), tone: 'text-red-700' };
    }
  })();
  const dead = state.phase === 'expired' || state.phase === 'failed' || state.phase === 'error';

  return (
    <div className="flex flex-col items-center rounded-xl bg-slate-50 p-6 text-center ring-1 ring-slate-200" data-qr-state={state.phase}>
      <div className="relative">
        {state.phase === 'loading' || state.phase === 'error' ? (
          <div className="flex size-48 items-center justify-center rounded-lg bg-white ring-1 ring-slate-200">
            {state.phase === 'loading' ? <SpinnerIcon className="size-6 animate-spin text-slate-400" /> : <AlertIcon className="size-6 text-red-400" />}
          </div>
        ) : (
          <QrImage text={qrText(state.key)} dim={dead || state.phase === 'scanned' || state.phase === 'confirmed'} />
        )}
        {state.phase === 'scanned' || state.phase === 'confirmed' ? (
          <span className="absolute inset-0 flex items-center justify-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-emerald-500 text-white shadow">
              <CheckIcon className="size-6" />
            </span>
          </span>
        ) : null}
        {dead ? (
          <span className="absolute inset-0 flex items-center justify-center">
            <Button variant="secondary" size="sm" onClick={reload}>
              <RefreshIcon className="size-4" />
              {t('qr.reload')}
            </Button>
          </span>
        ) : null}
      </div>
      <p role="status" aria-live="polite" className={cx('mt-4 flex items-center gap-1.5 text-sm font-medium', status.tone)}>
        {status.icon}
        {status.text}
      </p>
      <p className="mt-2 text-xs text-slate-500">{t('qr.hint', { appName: brand.appName })}</p>
    </div>
  );
}
