/** The fleet's counts by state (POST /web/car/statistics) above the vehicle list. */
import { useTranslation } from 'react-i18next';

import type { FleetStatistics } from '../types';

const KEYS = ['all', 'alarm', 'offline', 'online', 'driving', 'parked', 'followed', 'notInstalled', 'closed'] as const;

export function FleetCounters({ counts }: { counts: FleetStatistics }) {
  const { t } = useTranslation('fleet');
  return (
    <dl className="flex flex-wrap gap-2" data-testid="fleet-counters">
      {KEYS.map((k) => (
        <div key={k} className="rounded-lg bg-white px-3 py-2 shadow-sm ring-1 ring-slate-200">
          <dt className="text-xs text-slate-500">{t(`counters.${k}`)}</dt>
          <dd className="text-lg font-semibold text-slate-900 tabular-nums">{counts[k]}</dd>
        </div>
      ))}
    </dl>
  );
}
