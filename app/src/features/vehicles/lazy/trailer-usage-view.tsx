/**
 * dataManage/hangingAnalysis (挂车分析): how each trailer was used over a period, from the hitch and swap records —
 * times hitched, the tractors that pulled it, the time spent hitched and its share of the period — most used first,
 * exportable.
 */
import { useTranslation } from 'react-i18next';

import { ResourceView } from '@/components/crud/resource-view';
import { Badge } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { addDays, dayStartIso, utcToday } from '@/lib/days';
import { formatDuration, orUndefined } from '@/lib/format';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import type { TrailerSwapParams } from '../api/get-trailer-swaps';
import { getTrailerUsage, trailerUsageKey, type TrailerUsageRow } from '../api/get-trailer-usage';

export default function TrailerUsageView({ route }: MenuViewProps) {
  const { t } = useTranslation('fleet');
  const { lang } = useApp();
  const today = utcToday();
  const shareText = (r: TrailerUsageRow) => (r.sharePct === null ? '—' : `${r.sharePct.toFixed(1)} %`);
  return (
    <ResourceView<TrailerUsageRow, TrailerSwapParams, object, number>
      title={menuTitle(route, lang)}
      testId="trailer-usage"
      queryKey={trailerUsageKey}
      fetchAll={getTrailerUsage}
      initialSearch={{ from: addDays(today, -29), to: today }}
      toParams={(v) => ({ plate: orUndefined(v.plate), startTime: dayStartIso(v.from), endTime: dayStartIso(v.to, true) })}
      filterRows={(rows) => [...rows].sort((a, b) => b.hitchedSeconds - a.hitchedSeconds || a.plate.localeCompare(b.plate))}
      searchFields={[
        { name: 'plate', label: t('vehicle.plate') },
        { name: 'from', label: t('usage.from'), type: 'date' },
        { name: 'to', label: t('usage.to'), type: 'date' },
      ]}
      columns={[
        { key: 'plate', header: t('usage.trailer'), primary: true, cell: (r) => r.plate },
        { key: 'hitches', header: t('usage.hitches'), cell: (r) => r.hitches },
        { key: 'tractors', header: t('usage.tractors'), cell: (r) => `${String(r.tractors)} · ${r.tractorPlates.join(', ')}`, hideOnMobile: true },
        { key: 'hitched', header: t('usage.hitched'), cell: (r) => formatDuration(r.hitchedSeconds) },
        { key: 'share', header: t('usage.share'), cell: shareText },
        { key: 'now', header: t('usage.now'), cell: (r) => (r.currentTractorId ? <Badge tone="green">{t('usage.hitchedNow')}</Badge> : <Badge tone="slate">{t('usage.standing')}</Badge>) },
      ]}
      rowKey={(r) => r.trailerId}
      rowLabel={(r) => r.plate}
      selectable={false}
      exportName="trailer-usage"
      exportColumns={[
        { header: t('usage.trailer'), value: (r) => r.plate },
        { header: t('usage.hitches'), value: (r) => r.hitches },
        { header: t('usage.tractors'), value: (r) => r.tractorPlates.join(', ') },
        { header: t('usage.hitchedHours'), value: (r) => Math.round(r.hitchedSeconds / 36) / 100 },
        { header: t('usage.share'), value: shareText },
        { header: t('usage.now'), value: (r) => (r.currentTractorId ? t('usage.hitchedNow') : t('usage.standing')) },
      ]}
    />
  );
}
