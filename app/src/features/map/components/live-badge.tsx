/** Whether the websocket is up. */
import { useTranslation } from 'react-i18next';

import type { LiveStatus } from '@/features/live';

const DOT: Record<LiveStatus | 'off', string> = { open: '#16A34A', connecting: '#F59E0B', waiting: '#F59E0B', off: '#94A3B8' };

export function LiveBadge({ status }: { status: LiveStatus | 'off' }) {
  const { t } = useTranslation('map');
  return (
    <span role="status" data-live={status} className="inline-flex h-8 items-center gap-1.5 rounded-full bg-white px-3 text-xs font-medium text-slate-700 shadow-sm ring-1 ring-slate-200">
      <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: DOT[status] }} />
      {t(`live.${status}`)}
    </span>
  );
}
