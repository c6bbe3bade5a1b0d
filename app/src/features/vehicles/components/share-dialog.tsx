/**
 * Sharing a vehicle (from the vehicle info drawer): create a link valid for some days, copy it or show it as a QR
 * code, and revoke links. The link opens the public page /mf/P<code>.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, TextInput } from '@/components/ui/fields';
import { Badge, ErrorState, LoadingState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { notify } from '@/lib/feedback';
import { formatDateTime } from '@/lib/format';
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from '../api/share-links';
import type { ShareLink } from '../types';

const DEFAULT_DAYS = 7;
const MAX_DAYS = 365;

function QrCode({ text, label }: { text: string; label: string }) {
  const [qr, setQr] = useState<{ text: string; size: number; d: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import('@/lib/lazy/qr-matrix').then(({ qrPath }) => {
      if (live) setQr({ text, ...qrPath(text) });
    });
    return () => {
      live = false;
    };
  }, [text]);
  if (qr?.text !== text) return <div className="size-40 rounded bg-slate-50" />;
  return (
    <svg viewBox={`0 0 ${String(qr.size)} ${String(qr.size)}`} className="size-40 rounded bg-white ring-1 ring-slate-200" role="img" aria-label={label} shapeRendering="crispEdges">
      <path d={qr.d} fill="#0f172a" />
    </svg>
  );
}

function linkState(l: ShareLink): 'active' | 'revoked' | 'expired' {
  if (l.revokedAt !== null) return 'revoked';
  return l.active ? 'active' : 'expired';
}

export function ShareDialog({ vehicleId, plate, onClose }: { vehicleId: number; plate: string; onClose: () => void }) {
  const { t } = useTranslation('share');
  const { origin } = useApp();
  const links = useShareLinks(vehicleId);
  const create = useCreateShareLink();
  const revoke = useRevokeShareLink();
  const [days, setDays] = useState(String(DEFAULT_DAYS));
  const base = origin || window.location.origin;
  const newest = links.data?.find((l) => l.active);
  const copy = (l: ShareLink) => {
    void navigator.clipboard.writeText(base + l.link).then(() => {
      notify.success({ text: t('links.copied') });
    });
  };
  return (
    <Dialog open onClose={onClose} title={t('links.title', { plate })} description={t('links.intro')} size="lg" testId="share-dialog">
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ vehicleId, days: Number(days) });
        }}
      >
        <Field label={t('links.days')} htmlFor="share-days">
          <TextInput id="share-days" type="number" min={1} max={MAX_DAYS} value={days} onChange={(e) => { setDays(e.target.value); }} className="w-28" />
        </Field>
        <Button type="submit" disabled={create.isPending}>
          {t('links.create')}
        </Button>
      </form>
      {newest ? (
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <QrCode text={base + newest.link} label={t('links.qr')} />
          <div className="min-w-0 flex-1 space-y-2">
            <p className="break-all font-mono text-sm text-slate-800" data-testid="share-link">
              {base + newest.link}
            </p>
            <Button variant="secondary" size="sm" onClick={() => { copy(newest); }}>
              {t('links.copy')}
            </Button>
          </div>
        </div>
      ) : null}
      <div className="mt-4">
        {links.isPending ? <LoadingState /> : null}
        {links.isError ? <ErrorState onRetry={() => void links.refetch()} /> : null}
        {links.data?.length === 0 ? <p className="text-sm text-slate-500">{t('links.none')}</p> : null}
        <ul className="divide-y divide-slate-100 text-sm">
          {links.data?.map((l) => {
            const state = linkState(l);
            return (
              <li key={l.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <span className="font-mono text-slate-700">{l.link}</span>
                {state === 'active' ? (
                  <span className="text-xs text-slate-500">{t('links.activeUntil', { time: formatDateTime(l.expiresAt) })}</span>
                ) : (
                  <Badge tone="slate">{t(`links.${state}`)}</Badge>
                )}
                <span className="text-xs text-slate-400">{t('links.by', { name: l.createdByName })}</span>
                {state === 'active' ? (
                  <Button variant="ghost" size="sm" className="ml-auto" disabled={revoke.isPending} onClick={() => { revoke.mutate({ id: l.id }); }}>
                    {t('links.revoke')}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
    </Dialog>
  );
}
