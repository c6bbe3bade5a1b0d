/**
 * The period of the dashboard: the last 7, 30 or 90 finished days, or a range of one's own (finished UTC days only:
 * today is on the live map until it closes). A range is checked before it is asked for.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';

import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { TextInput } from '@/components/ui/fields';
import { utcToday } from '@/lib/days';
import { paths } from '@/lib/paths';
import { lastDays, lastFinishedDay, PERIOD_PRESETS, periodFromQuery, periodProblem, periodQuery, type Period, type PeriodProblem } from '../model';

export function PeriodPicker({ period, today, onChange }: { period: Period; today: string; onChange: (p: Period) => void }) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [problem, setProblem] = useState<PeriodProblem | null>(null);
  const yesterday = lastFinishedDay(today);
  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = periodProblem(from, to, today);
    setProblem(found);
    if (!found) onChange({ from, to, preset: null });
  };
  return (
    <div className="space-y-2 print:hidden" data-testid="period-picker">
      <div className="flex flex-wrap items-end gap-3">
        <div role="group" aria-label={t('period.presets')} className="flex flex-wrap gap-1">
          {PERIOD_PRESETS.map((n) => (
            <Button
              key={n}
              size="sm"
              variant={period.preset === n ? 'accent' : 'secondary'}
              aria-pressed={period.preset === n}
              onClick={() => {
                const p = lastDays(n, today);
                setFrom(p.from);
                setTo(p.to);
                setProblem(null);
                onChange(p);
              }}
            >
              {t('period.last', { n })}
            </Button>
          ))}
        </div>
        <form className="flex flex-wrap items-end gap-2" onSubmit={submit} noValidate aria-label={t('period.range')}>
          <div className="text-sm text-slate-700">
            <label className="mb-1 block text-xs text-slate-500" htmlFor={`${id}-from`}>
              {t('period.from')}
            </label>
            <TextInput id={`${id}-from`} type="date" className="w-40" value={from} max={yesterday} onChange={(e) => { setFrom(e.target.value); }} aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${id}-problem` : undefined} />
          </div>
          <div className="text-sm text-slate-700">
            <label className="mb-1 block text-xs text-slate-500" htmlFor={`${id}-to`}>
              {t('period.to')}
            </label>
            <TextInput id={`${id}-to`} type="date" className="w-40" value={to} max={yesterday} onChange={(e) => { setTo(e.target.value); }} aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${id}-problem` : undefined} />
          </div>
          <Button type="submit" size="sm" variant={period.preset === null ? 'accent' : 'secondary'} className="h-10">
            {t('period.apply')}
          </Button>
        </form>
      </div>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="text-sm text-red-600">
          {t(`period.problem.${problem}`)}
        </p>
      ) : null}
      <p className={cx('text-xs text-slate-500')} data-testid="period-note">
        {t('period.note', { from: period.from, to: period.to })}{' '}
        <AppLink to={paths.map} className="text-accent hover:underline">
          {t('period.liveMap')}
        </AppLink>
      </p>
    </div>
  );
}

/** The period a one-period view shows, kept in the URL (`?days=` or `?from=&to=`), and the picker that changes it. */
export function useUrlPeriod() {
  const [params, setParams] = useSearchParams();
  const today = utcToday();
  const period = periodFromQuery(params, today);
  const picker = (
    <PeriodPicker
      key={`picker-${period.from}-${period.to}`}
      period={period}
      today={today}
      onChange={(p) => {
        setParams(periodQuery(p));
      }}
    />
  );
  return { period, today, picker };
}
