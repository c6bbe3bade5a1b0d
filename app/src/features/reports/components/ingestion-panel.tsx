/**
 * Platform staff's view of how device reports fare: accepted and refused by reason since the server started, and
 * the last days' totals (refusals are never silent: each reason is counted, and /web/log/reads shows them per device).
 */
import { useTranslation } from 'react-i18next';

import { useRoleList } from '@/lib/session';
import { isPlatformStaff } from '@/features/auth';
import { useEnterpriseId } from '@/lib/console/session-context';
import { useIngestionStatistics } from '../api/get-ingestion-statistics';
import { dailyTotals } from '../ingestion';

export function IngestionPanel() {
  const { t } = useTranslation('fleet');
  const platform = isPlatformStaff(useRoleList(), useEnterpriseId());
  const stats = useIngestionStatistics(platform);
  if (!platform || !stats.data) return null;
  const refused = Object.entries(stats.data.rejected).filter(([, n]) => n > 0);
  return (
    <section aria-label={t('ingestion.title')} data-testid="ingestion-panel" className="mb-3 rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <h2 className="mb-2 font-medium text-slate-800">{t('ingestion.title')}</h2>
      <dl className="flex flex-wrap gap-x-6 gap-y-1">
        <div>
          <dt className="text-slate-500">{t('ingestion.accepted')}</dt>
          <dd className="font-semibold tabular-nums">{stats.data.accepted.toLocaleString()}</dd>
        </div>
        {refused.length === 0 ? (
          <div>
            <dt className="text-slate-500">{t('ingestion.refused')}</dt>
            <dd className="font-semibold tabular-nums">0</dd>
          </div>
        ) : (
          refused.map(([reason, n]) => (
            <div key={reason}>
              <dt className="text-slate-500">{t(`ingestion.reason.${reason}`, { defaultValue: reason })}</dt>
              <dd className="font-semibold text-amber-700 tabular-nums">{n.toLocaleString()}</dd>
            </div>
          ))
        )}
      </dl>
      {stats.data.days.length > 0 && (
        <table className="mt-2 text-xs text-slate-600">
          <thead>
            <tr>
              <th className="pr-4 text-left font-normal">{t('ingestion.day')}</th>
              <th className="pr-4 text-right font-normal">{t('ingestion.accepted')}</th>
              <th className="text-right font-normal">{t('ingestion.refused')}</th>
            </tr>
          </thead>
          <tbody>
            {dailyTotals(stats.data.days).map((d) => (
              <tr key={d.day}>
                <td className="pr-4 tabular-nums">{d.day}</td>
                <td className="pr-4 text-right tabular-nums">{d.accepted.toLocaleString()}</td>
                <td className="text-right tabular-nums">{d.refused.toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
