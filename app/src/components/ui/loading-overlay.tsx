/**
 * The loading overlay of console-spec §4: visible only while lib/request's counter says so (a call pending for more
 * than 400 ms). Never on the server.
 */
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

import { loading } from '@/lib/request';
import { SpinnerIcon } from './icons';

export function LoadingOverlay() {
  const { t } = useTranslation();
  const visible = useSyncExternalStore(
    loading.subscribe,
    () => loading.visible,
    () => false,
  );
  if (!visible) return null;
  return (
    <div
      className="animate-fade-in fixed inset-0 z-[65] flex items-center justify-center bg-white/40"
      data-testid="loading-overlay"
      role="progressbar"
      aria-busy="true"
      aria-label={t('loading')}
    >
      <div className="flex items-center gap-2 rounded-lg bg-white px-4 py-3 text-sm text-slate-700 shadow-lg ring-1 ring-slate-200">
        <SpinnerIcon className="text-accent size-5 animate-spin" />
        {t('loading')}
      </div>
    </div>
  );
}
