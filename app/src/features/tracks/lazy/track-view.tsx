/**
 * locus/view/:id (Track view): the vehicle's days over a range (`?from=&to=`, default the last seven) drawn on the map,
 * one colour per day; a day's line, its legend entry or its row opens that day's playback. Days a job still builds
 * arrive as it goes (progress and Cancel).
 */
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { Panel, ViewPage } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { DownloadIcon } from '@/components/ui/icons';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useTrackAnalysis } from '../api/analyse-tracks';
import { addDays, dayColor, km, parseDay, utcToday } from '../playback';
import { AnalysisProgress, RangeForm, rangeProblem, useDaysTable, type RangeValue } from '../components/range-days';
import { TrackMap } from '../components/track-map';
import { useTrackLinks } from '../components/track-links';
import type { Fragment } from '@/lib/api-types';

function Swatch({ color }: { color: string }) {
  return <span className="inline-block h-1.5 w-5 rounded-full align-middle" style={{ backgroundColor: color }} aria-hidden="true" />;
}

export default function TrackView({ route, params }: MenuViewProps) {
  const { t } = useTranslation('locus');
  const { lang } = useApp();
  const navigate = useNavigate();
  const links = useTrackLinks();
  const [query, setQuery] = useSearchParams();
  const vehicleId = Number(params.id) || null;
  const today = utcToday();
  const from = parseDay(query.get('from')) ?? addDays(today, -6);
  const to = parseDay(query.get('to')) ?? today;
  const sound = vehicleId !== null && rangeProblem({ vehicle: null, from, to }, false) === null;
  const analysis = useTrackAnalysis(sound ? { vehicleId, startDate: from, endDate: to } : null);
  const data = analysis.data;
  const days = analysis.days;
  const colorOf = new Map(days.map((d, i) => [d.day, dayColor(i)]));
  const play = (day: string) => {
    if (vehicleId !== null) void navigate(links.playback(vehicleId, day));
  };
  const table = useDaysTable({
    days,
    plate: data?.plate ?? '',
    vehicleId,
    lead: { key: 'color', header: <span className="sr-only">{t('view.colour')}</span>, cell: (d: Fragment) => <Swatch color={colorOf.get(d.day) ?? dayColor(0)} /> },
  });
  const change = (v: RangeValue) => {
    setQuery({ from: v.from, to: v.to }, { replace: true });
  };
  const heading = data ? t('view.titleOf', { plate: data.plate, from, to }) : menuTitle(route, lang);
  return (
    <ViewPage
      title={heading}
      actions={
        table.startExport ? (
          <Button variant="secondary" size="sm" onClick={table.startExport} disabled={days.length === 0}>
            <DownloadIcon className="size-4" />
            {t('list.export')}
          </Button>
        ) : null
      }
    >
      <Panel className="p-4">
        <RangeForm key={`${from}:${to}`} initial={{ vehicle: null, from, to }} onSubmit={change} vehicle="fixed">
          {data ? (
            <p className="text-sm text-slate-600 tabular-nums" data-testid="range-total">
              {t('view.total', { km: km(data.meters), days: days.length })}
            </p>
          ) : null}
        </RangeForm>
      </Panel>
      <AnalysisProgress analysis={analysis} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_260px]">
        <TrackMap
          lines={days.map((d) => ({ id: d.day, color: colorOf.get(d.day) ?? dayColor(0), coords: d.line }))}
          fitKey={`${String(vehicleId)}:${from}:${to}:${String(days.length)}`}
          onSelectLine={play}
          overlay={
            !sound ? (
              <p className="rounded-lg bg-white/95 px-4 py-2.5 text-sm text-red-600 shadow-sm">{t('view.badRange')}</p>
            ) : analysis.isError ? (
              <p className="rounded-lg bg-white/95 px-4 py-2.5 text-sm text-red-600 shadow-sm">{t('list.failed')}</p>
            ) : data && days.length === 0 && !analysis.running ? (
              <p className="rounded-lg bg-white/95 px-4 py-2.5 text-sm text-slate-600 shadow-sm">{t('list.empty')}</p>
            ) : null
          }
        />
        <Panel title={t('view.days')}>
          <ul className="max-h-[55vh] divide-y divide-slate-100 overflow-auto" data-testid="track-view-days">
            {days.map((d) => (
              <li key={d.day}>
                <button type="button" className="flex min-h-11 w-full items-center gap-3 px-4 py-2 text-left text-sm hover:bg-slate-50" onClick={() => { play(d.day); }}>
                  <Swatch color={colorOf.get(d.day) ?? dayColor(0)} />
                  <span className="flex-1 tabular-nums">{d.day}</span>
                  <span className="text-slate-600 tabular-nums">{t('view.dayKm', { km: km(d.meters) })}</span>
                </button>
              </li>
            ))}
          </ul>
        </Panel>
      </div>
      <Panel>{table.table({ loading: analysis.isPending, error: analysis.isError ? t('list.failed') : null, onRetry: analysis.refetch })}</Panel>
      {table.dialog}
    </ViewPage>
  );
}
