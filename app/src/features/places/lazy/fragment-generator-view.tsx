/**
 * locus/fragmentGenerator: rebuild the track fragments (one vehicle's finished UTC day each) of all vehicles in scope
 * or of the chosen ones, over a day range; the runs started are shown and followed until each has finished (the
 * generation log keeps them).
 */
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable } from '@/components/crud/data-table';
import { Panel, ViewPage } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { Field, Switch, TextInput } from '@/components/ui/fields';
import { SpinnerIcon } from '@/components/ui/icons';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { formatDay } from '@/lib/format';
import { VehicleAssignDialog } from '@/features/vehicles';
import { useFollowedRuns } from '../api/get-fragment-runs';
import { placesKeys } from '../api/keys';
import { useRebuildFragments } from '../api/rebuild-fragments';
import { fragmentRunColumns } from '../components/fragment-run-columns';
import type { FragmentRun } from '../types';

/** The most days one rebuild may cover (docs/tracks.md: an analysis spans at most 366). */
const MAX_DAYS = 366;

function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;
}

export default function FragmentGeneratorView({ route }: MenuViewProps) {
  const { t } = useTranslation('places');
  const { t: tc } = useTranslation();
  const { lang } = useApp();
  const rebuild = useRebuildFragments();
  // the last finished UTC day is the latest one with fragments to build
  const [yesterday] = useState(() => formatDay(new Date(Date.now() - 86_400_000)));
  const [all, setAll] = useState(true);
  const [vehicleIds, setVehicleIds] = useState<number[]>([]);
  const [picking, setPicking] = useState(false);
  const [start, setStart] = useState(yesterday);
  const [end, setEnd] = useState(yesterday);
  const [started, setStarted] = useState<FragmentRun[]>([]);
  const followed = useFollowedRuns(started);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const days = daysBetween(start, end);
    const problem =
      !start || !end || !(days >= 1)
        ? t('generator.badRange')
        : days > MAX_DAYS
          ? t('generator.tooLong', { max: MAX_DAYS })
          : !all && vehicleIds.length === 0
            ? t('generator.noVehicles')
            : null;
    setError(problem);
    if (problem) return;
    const now: FragmentRun[] = [];
    try {
      if (all) now.push(await rebuild.mutateAsync({ start, end }));
      else for (const vehicleId of vehicleIds) now.push(await rebuild.mutateAsync({ vehicleId, start, end }));
    } catch {
      // the request layer said why; the runs started so far are shown
    }
    setStarted((prev) => [...now.reverse(), ...prev]);
  };

  return (
    <ViewPage title={menuTitle(route, lang)} description={t('generator.about')}>
      <Panel className="p-4">
        <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-4" data-testid="generator-form">
          <div className="flex flex-col gap-2">
            <Switch id="generator-all" checked={all} onChange={setAll} label={t('generator.all')} showLabel />
            {all ? null : (
              <div className="flex items-center gap-2 text-sm">
                <span className="text-slate-600" data-testid="generator-chosen">
                  {t('generator.chosen', { count: vehicleIds.length })}
                </span>
                <Button variant="secondary" size="sm" onClick={() => { setPicking(true); }}>
                  {t('generator.choose')}
                </Button>
              </div>
            )}
          </div>
          <Field label={t('generator.start')} htmlFor="generator-start">
            <TextInput id="generator-start" type="date" max={yesterday} value={start} onChange={(e) => { setStart(e.target.value); }} />
          </Field>
          <Field label={t('generator.end')} htmlFor="generator-end">
            <TextInput id="generator-end" type="date" max={yesterday} value={end} onChange={(e) => { setEnd(e.target.value); }} />
          </Field>
          <Button type="submit" variant="accent" disabled={rebuild.isPending} aria-busy={rebuild.isPending}>
            {rebuild.isPending ? <SpinnerIcon className="size-4 animate-spin" /> : null}
            {t('generator.run')}
          </Button>
          {error ? (
            <p role="alert" className="w-full text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </form>
      </Panel>
      <Panel title={t('generator.results')} actions={<span className="text-xs text-slate-500">{t('generator.progress')}</span>}>
        <DataTable caption={t('generator.results')} columns={fragmentRunColumns(t)} rows={followed.runs} rowKey={(r) => r.id} empty={t('generator.noResults')} testId="generator-runs" />
        {followed.failed ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 border-t border-slate-100 px-4 py-3 text-sm text-red-700">
            {t('generator.followFailed')}
            <Button variant="secondary" size="sm" onClick={followed.retry}>
              {tc('actions.retry')}
            </Button>
          </div>
        ) : null}
      </Panel>
      {picking ? (
        <VehicleAssignDialog
          title={t('generator.choose')}
          testId="generator-vehicles"
          queryKey={[...placesKeys.fragmentRuns, 'pick-vehicles']}
          initial={vehicleIds}
          onSave={(ids) => {
            setVehicleIds(ids);
            return Promise.resolve();
          }}
          onClose={() => {
            setPicking(false);
          }}
        />
      ) : null}
    </ViewPage>
  );
}
