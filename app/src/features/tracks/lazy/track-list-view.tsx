/**
 * locus/list (Track list): one vehicle's days over a range — km, driving time, first and last fix — from the
 * fragments (`/web/track/analyse`; a job builds missing days, with progress and Cancel); each day opens its playback,
 * the range opens on the map (locus/view/:vehicleId), and the days export.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Panel, ViewPage } from '@/components/crud/view';
import { AppLink } from '@/components/ui/app-link';
import { Button, buttonClasses } from '@/components/ui/button';
import { DownloadIcon } from '@/components/ui/icons';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useTrackAnalysis } from '../api/analyse-tracks';
import { addDays, utcToday } from '../playback';
import { AnalysisProgress, RangeForm, useDaysTable, type RangeValue } from '../components/range-days';
import { useTrackLinks } from '../components/track-links';

export default function TrackListView({ route }: MenuViewProps) {
  const { t } = useTranslation('locus');
  const { lang } = useApp();
  const links = useTrackLinks();
  const today = utcToday();
  const [range, setRange] = useState<RangeValue | null>(null);
  const vehicle = range?.vehicle ?? null;
  const analysis = useTrackAnalysis(range && vehicle ? { vehicleId: vehicle.id, startDate: range.from, endDate: range.to } : null);
  const days = analysis.days;
  const viewLink = range && vehicle ? links.rangeView(vehicle.id, range.from, range.to) : null;
  const table = useDaysTable({
    days,
    plate: vehicle?.plate ?? '',
    vehicleId: vehicle?.id ?? null,
  });
  return (
    <ViewPage
      title={menuTitle(route, lang)}
      actions={
        range && vehicle ? (
          <>
            {viewLink ? (
              <AppLink to={viewLink} className={buttonClasses('secondary', 'sm')} data-testid="open-track-view">
                {t('list.onMap')}
              </AppLink>
            ) : null}
            {table.startExport ? (
              <Button variant="secondary" size="sm" onClick={table.startExport} disabled={days.length === 0}>
                <DownloadIcon className="size-4" />
                {t('list.export')}
              </Button>
            ) : null}
          </>
        ) : null
      }
    >
      <Panel className="p-4">
        <RangeForm initial={{ vehicle: null, from: addDays(today, -6), to: today }} onSubmit={setRange} />
      </Panel>
      <AnalysisProgress analysis={analysis} />
      <Panel>
        {range ? (
          table.table({ loading: analysis.isPending, error: analysis.isError ? t('list.failed') : null, onRetry: analysis.refetch })
        ) : (
          <p className="p-6 text-sm text-slate-500">{t('list.hint')}</p>
        )}
      </Panel>
      {table.dialog}
    </ViewPage>
  );
}
