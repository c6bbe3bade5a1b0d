/**
 * The work plan: a month of planned orders and tasks (`plannedAt`) and the notice plans' next runs (`nextRunAt`), in
 * the browser's zone. Wide screens get a month grid where an order or task is dragged (pointer events) to another day
 * or onto the unplanned list beside it; a click (or Enter) opens the same choice as a dialog: day, time, assignee.
 * Phones get the month as an agenda, each item with a "plan for…" date field. Every move is one `save_arrange` in UTC.
 *
 * Orders come by planned day (`work/list {plannedFrom, plannedTo}` for the month's grid) and unplanned
 * (`planned: false`). The task search does not filter by planned day, so the first 500 open tasks are read and
 * placed here; the screen says so when a list has more than it shows.
 */
import { useId, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Panel } from '@/components/crud/view';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { Dialog } from '@/components/ui/dialog';
import { Field, TextInput } from '@/components/ui/fields';
import { ChevronLeftIcon, ChevronRightIcon, SpinnerIcon } from '@/components/ui/icons';
import { ErrorState, Skeleton } from '@/components/ui/states';
import type { ArrangeItem } from '@/lib/api-types';
import { useApp } from '@/lib/app-context';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { useInforms } from '../api/get-informs';
import { useOrders } from '../api/get-orders';
import { useSaveArrange } from '../api/save-arrange';
import { useTaskSearch } from '../api/search-tasks';
import { IN_PROGRESS, PENDING, RESOLVED } from '../model';
import { addMonths, dayOf, groupByDay, inMonth, localDay, monthDays, monthGrid, monthOf, parseDay, plannedOn, plannedRange, timeOf, type Month } from '../plans';
import { useOrderPath } from './order-columns';
import { UserPicker } from './user-picker';

/** The most rows one page of a list call may hold (the server's limit). */
const LARGEST_PAGE = 500;

type Kind = 'order' | 'task' | 'run';

interface PlanItem {
  kind: Kind;
  id: number;
  title: string;
  /** The order's number, the task's order, the plan's vehicles. */
  detail: string;
  at: string | null;
  /** Where the item opens: its order, or the notice plans. */
  href: string | null;
  assigneeId: number | null;
  assigneeName: string;
}

const TONES: Record<Kind, string> = {
  order: 'bg-brand-50 text-brand-800 ring-brand-200',
  task: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  run: 'bg-amber-50 text-amber-900 ring-amber-200',
};

function itemKey(i: PlanItem): string {
  return `${i.kind}-${String(i.id)}`;
}

/** The open orders and tasks planned in the month's grid, the unplanned ones and the enabled plans' next runs, as calendar items. */
function usePlanItems(month: Month) {
  const { t } = useTranslation('work');
  const orderPath = useOrderPath();
  const menuPath = useMenuPath();
  const openStates = [PENDING, IN_PROGRESS, RESOLVED];
  const planned = useOrders({ states: openStates, ...plannedRange(month), page: 1, pageSize: LARGEST_PAGE });
  const unplanned = useOrders({ states: openStates, planned: false, page: 1, pageSize: LARGEST_PAGE });
  const plannedTasks = useTaskSearch({ done: false, ...plannedRange(month), page: 1, pageSize: LARGEST_PAGE });
  const unplannedTasks = useTaskSearch({ done: false, planned: false, page: 1, pageSize: LARGEST_PAGE });
  const informs = useInforms({ enabled: true, page: 1, pageSize: LARGEST_PAGE });
  const plans = menuPath('noticePlan');
  const items: PlanItem[] = [
    ...[...(planned.data?.list ?? []), ...(unplanned.data?.list ?? [])].map(
      (o): PlanItem => ({ kind: 'order', id: o.id, title: o.title, detail: [o.number, o.plate].filter(Boolean).join(' · '), at: o.plannedAt ?? null, href: orderPath(o.id), assigneeId: o.assigneeId ?? null, assigneeName: o.assigneeName }),
    ),
    ...[...(plannedTasks.data?.list ?? []), ...(unplannedTasks.data?.list ?? [])].map(
      (x): PlanItem => ({ kind: 'task', id: x.id, title: x.title, detail: t('plan.calendar.taskOf', { id: x.orderId }), at: x.plannedAt ?? null, href: orderPath(x.orderId), assigneeId: x.assigneeId ?? null, assigneeName: x.assigneeName }),
    ),
    ...(informs.data?.list ?? [])
      .filter((p) => p.nextRunAt)
      .map((p): PlanItem => ({ kind: 'run', id: p.id, title: p.name, detail: t('plan.calendar.runVehicles', { n: p.vehicleIds.length }), at: p.nextRunAt ?? null, href: plans, assigneeId: null, assigneeName: '' })),
  ];
  return {
    items,
    pending: planned.isPending || unplanned.isPending || plannedTasks.isPending || unplannedTasks.isPending,
    failed: planned.isError || unplanned.isError || plannedTasks.isError || unplannedTasks.isError,
    // another month's orders are on their way (the previous month's stay until they land)
    switching: planned.isPlaceholderData,
    retry: () => {
      void planned.refetch();
      void unplanned.refetch();
      void plannedTasks.refetch();
      void unplannedTasks.refetch();
      void informs.refetch();
    },
    runsFailed: informs.isError,
    ordersPartial: (planned.data?.total ?? 0) > LARGEST_PAGE || (unplanned.data?.total ?? 0) > LARGEST_PAGE,
    tasksPartial: (plannedTasks.data?.total ?? 0) > LARGEST_PAGE || (unplannedTasks.data?.total ?? 0) > LARGEST_PAGE,
  };
}

/** Where a dragged item is and which day (or the unplanned list, '') it is over. */
interface Drag {
  item: PlanItem;
  startX: number;
  startY: number;
  x: number;
  y: number;
  moved: boolean;
  over: string | null;
}

/** The day cell (or the unplanned list: '') under a point. */
function dropTargetAt(x: number, y: number): string | null {
  const el = document.elementFromPoint(x, y)?.closest('[data-drop-day]');
  return el ? el.getAttribute('data-drop-day') : null;
}

export function PlanCalendar() {
  const { t } = useTranslation('work');
  const { lang } = useApp();
  const [month, setMonth] = useState<Month>(() => monthOf(new Date()));
  const data = usePlanItems(month);
  const arrange = useSaveArrange();
  const [drag, setDrag] = useState<Drag | null>(null);
  const [choosing, setChoosing] = useState<PlanItem | null>(null);
  // the click that ends a drag is not a click on the item
  const dropped = useRef(false);
  const today = localDay(new Date());
  const locale = lang === 'en' ? 'en' : 'zh-CN';

  const plan = (item: PlanItem, plannedAt: string | null, assigneeId?: number) => {
    if (item.kind === 'run') return Promise.resolve();
    const entry: ArrangeItem = { kind: item.kind, id: item.id, plannedAt, ...(assigneeId === undefined ? {} : { assigneeId }) };
    return arrange.mutateAsync({ items: [entry] });
  };
  const moveTo = (item: PlanItem, day: string) => {
    if (dayOf(item.at) === (day || null)) return;
    void plan(item, day === '' ? null : plannedOn(day, item.at)).catch(() => undefined);
  };

  // the handlers read the drag from a ref: pointer events may come faster than renders
  const dragging = useRef<Drag | null>(null);
  const track = (next: Drag | null) => {
    dragging.current = next;
    setDrag(next);
  };
  const dragHandlers = (item: PlanItem) => ({
    onPointerDown: (e: ReactPointerEvent<HTMLElement>) => {
      if (e.button !== 0 || item.kind === 'run') return;
      dropped.current = false;
      e.currentTarget.setPointerCapture(e.pointerId);
      track({ item, startX: e.clientX, startY: e.clientY, x: e.clientX, y: e.clientY, moved: false, over: null });
    },
    onPointerMove: (e: ReactPointerEvent<HTMLElement>) => {
      const d = dragging.current;
      if (!d || itemKey(d.item) !== itemKey(item)) return;
      const moved = d.moved || Math.hypot(e.clientX - d.startX, e.clientY - d.startY) > 5;
      track({ ...d, x: e.clientX, y: e.clientY, moved, over: moved ? dropTargetAt(e.clientX, e.clientY) : null });
    },
    onPointerUp: () => {
      const d = dragging.current;
      if (!d || itemKey(d.item) !== itemKey(item)) return;
      track(null);
      dropped.current = d.moved;
      if (d.moved && d.over !== null) moveTo(item, d.over);
    },
    onPointerCancel: () => {
      track(null);
    },
  });
  // a press that did not move is a click: it opens the dialog (so do Enter and Space)
  const open = (item: PlanItem) => {
    if (dropped.current) {
      dropped.current = false;
      return;
    }
    setChoosing(item);
  };

  if (data.pending) return <Skeleton rows={8} />;
  if (data.failed) return <ErrorState message={t('plan.calendar.loadFailed')} onRetry={data.retry} />;

  const byDay = groupByDay(data.items, (i) => i.at);
  const unplanned = data.items.filter((i) => i.kind !== 'run' && i.at === null);
  const title = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long' }).format(new Date(month.year, month.month, 1));
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short' });
  // 2024-01-01 was a Monday
  const weekdays = Array.from({ length: 7 }, (_, i) => weekday.format(new Date(2024, 0, 1 + i)));
  const dayLabel = new Intl.DateTimeFormat(locale, { month: 'long', day: 'numeric', weekday: 'long' });
  const agendaDays = monthDays(month).filter((d) => byDay.has(d) || d === today);

  const chip = (item: PlanItem, where: string) => {
    const common = cx('block w-full truncate rounded px-1.5 py-0.5 text-left text-xs ring-1 ring-inset', TONES[item.kind]);
    const label = `${timeOf(item.at)} ${item.title}`.trim();
    if (item.kind === 'run') {
      return item.href ? (
        <AppLink to={item.href} className={common} title={item.title} data-testid={`${where}-run-${String(item.id)}`}>
          {t('plan.calendar.run', { name: label })}
        </AppLink>
      ) : (
        <span className={common} data-testid={`${where}-run-${String(item.id)}`}>{t('plan.calendar.run', { name: label })}</span>
      );
    }
    return (
      <button
        type="button"
        {...dragHandlers(item)}
        onClick={() => { open(item); }}
        className={cx(common, 'cursor-grab touch-none select-none', drag?.moved && itemKey(drag.item) === itemKey(item) && 'opacity-40')}
        title={`${item.title} · ${item.detail}`}
        aria-label={t('plan.calendar.itemLabel', { title: item.title, detail: item.detail })}
        data-testid={`${where}-${itemKey(item)}`}
      >
        {label}
      </button>
    );
  };

  return (
    <div className="space-y-3" data-testid="work-plan">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" className="max-md:size-11" onClick={() => { setMonth((m) => addMonths(m, -1)); }} aria-label={t('plan.calendar.previous')} data-testid="plan-previous">
          <ChevronLeftIcon className="size-4" />
        </Button>
        <h3 className="flex min-w-36 items-center justify-center gap-1.5 text-base font-semibold text-slate-900" aria-live="polite" aria-busy={data.switching} data-testid="plan-month">
          {title}
          {data.switching ? <SpinnerIcon className="size-4 animate-spin text-slate-400" aria-hidden="true" /> : null}
        </h3>
        <Button variant="secondary" size="sm" className="max-md:size-11" onClick={() => { setMonth((m) => addMonths(m, 1)); }} aria-label={t('plan.calendar.next')} data-testid="plan-next">
          <ChevronRightIcon className="size-4" />
        </Button>
        <Button variant="ghost" size="sm" className="max-md:h-11" onClick={() => { setMonth(monthOf(new Date())); }}>
          {t('plan.calendar.today')}
        </Button>
        <ul className="ml-auto flex flex-wrap gap-2 text-xs" aria-label={t('plan.calendar.legend')}>
          {(['order', 'task', 'run'] as const).map((k) => (
            <li key={k} className={cx('rounded px-1.5 py-0.5 ring-1 ring-inset', TONES[k])}>{t(`plan.calendar.kind.${k}`)}</li>
          ))}
        </ul>
      </div>
      {data.ordersPartial ? <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{t('plan.calendar.ordersPartial', { n: LARGEST_PAGE })}</p> : null}
      {data.tasksPartial ? <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{t('plan.calendar.tasksPartial', { n: LARGEST_PAGE })}</p> : null}
      {data.runsFailed ? <p className="text-sm text-red-700">{t('plan.calendar.runsFailed')}</p> : null}
      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_16rem]">
        <Panel className="hidden overflow-hidden md:block">
          <p className="sr-only">{t('plan.calendar.dragHint')}</p>
          <div className="grid grid-cols-7 border-b border-slate-200 bg-slate-50 text-center text-xs font-medium text-slate-600" aria-hidden="true">
            {weekdays.map((w) => <div key={w} className="py-2">{w}</div>)}
          </div>
          <ol className="grid grid-cols-7" data-testid="plan-grid">
            {monthGrid(month).map((day) => {
              const items = byDay.get(day) ?? [];
              const over = drag?.moved && drag.over === day;
              return (
                <li
                  key={day}
                  data-drop-day={day}
                  data-testid={`plan-day-${day}`}
                  aria-label={dayLabel.format(parseDay(day) ?? new Date())}
                  className={cx('min-h-28 min-w-0 space-y-1 border-r border-b border-slate-100 p-1.5 [&:nth-child(7n)]:border-r-0', !inMonth(day, month) && 'bg-slate-50/70', over && 'bg-accent/10 ring-2 ring-accent ring-inset')}
                >
                  <span className={cx('inline-grid size-6 place-items-center rounded-full text-xs tabular-nums', day === today ? 'bg-accent font-semibold text-white' : inMonth(day, month) ? 'text-slate-700' : 'text-slate-400')}>
                    {Number(day.slice(8))}
                  </span>
                  <ul className="space-y-1">
                    {items.map((item) => <li key={itemKey(item)}>{chip(item, 'plan-item')}</li>)}
                  </ul>
                </li>
              );
            })}
          </ol>
        </Panel>
        <Panel className="md:hidden" title={title}>
          {agendaDays.length === 0 ? (
            <p className="p-4 text-sm text-slate-500">{t('plan.calendar.nothingThisMonth')}</p>
          ) : (
            <ol className="divide-y divide-slate-100" data-testid="plan-agenda">
              {agendaDays.map((day) => (
                <li key={day} className="p-3" data-testid={`plan-agenda-day-${day}`}>
                  <h4 className={cx('mb-2 text-sm font-medium', day === today ? 'text-accent' : 'text-slate-700')}>{dayLabel.format(parseDay(day) ?? new Date())}</h4>
                  {byDay.has(day) ? (
                    <ul className="space-y-2">
                      {(byDay.get(day) ?? []).map((item) => (
                        <li key={itemKey(item)}>
                          <AgendaItem item={item} onPlan={(d) => plan(item, plannedOn(d, item.at))} />
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="text-sm text-slate-500">{t('plan.calendar.nothingToday')}</p>
                  )}
                </li>
              ))}
            </ol>
          )}
        </Panel>
        <Panel
          title={t('plan.calendar.unplanned', { n: unplanned.length })}
          className={cx(drag?.moved && drag.over === '' && 'ring-2 ring-accent')}
        >
          <div data-drop-day="" className="min-h-24 p-3" data-testid="plan-unplanned">
            <p className="mb-2 text-xs text-slate-500">{t('plan.calendar.unplannedHint')}</p>
            {unplanned.length === 0 ? (
              <p className="text-sm text-slate-500">{t('plan.calendar.allPlanned')}</p>
            ) : (
              <ul className="max-h-[60vh] space-y-2 overflow-y-auto">
                {unplanned.map((item) => (
                  <li key={itemKey(item)}>
                    <div className="hidden md:block">{chip(item, 'plan-unplanned')}</div>
                    <div className="md:hidden">
                      <AgendaItem item={item} onPlan={(d) => plan(item, plannedOn(d, null))} />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Panel>
      </div>
      {drag?.moved ? (
        <div className={cx('pointer-events-none fixed z-50 max-w-56 truncate rounded px-2 py-1 text-xs shadow-lg ring-1', TONES[drag.item.kind])} style={{ left: drag.x + 12, top: drag.y + 12 }} aria-hidden="true">
          {drag.item.title}
        </div>
      ) : null}
      {choosing ? (
        <PlanDialog
          item={choosing}
          onClose={() => { setChoosing(null); }}
          onSave={(plannedAt, assigneeId) => plan(choosing, plannedAt, assigneeId)}
        />
      ) : null}
    </div>
  );
}

/** An item on a phone: what it is, and a "plan for…" day to move it to. */
function AgendaItem({ item, onPlan }: { item: PlanItem; onPlan: (day: string) => Promise<unknown> }) {
  const { t } = useTranslation('work');
  const base = useId();
  const [day, setDay] = useState(dayOf(item.at) ?? '');
  const [busy, setBusy] = useState(false);
  const heading: ReactNode = (
    <>
      <span className="block text-xs text-slate-500">
        {[t(`plan.calendar.kind.${item.kind}`), timeOf(item.at), item.detail].filter(Boolean).join(' · ')}
      </span>
      <span className="font-medium text-slate-900">{item.title}</span>
    </>
  );
  return (
    <div className={cx('rounded-lg p-2 ring-1 ring-inset', TONES[item.kind])} data-testid={`plan-agenda-${itemKey(item)}`}>
      {item.href ? <AppLink to={item.href} className="block min-h-11 py-1">{heading}</AppLink> : <div className="py-1">{heading}</div>}
      {item.kind === 'run' ? null : (
        <form
          className="mt-1 flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (parseDay(day) === null) return;
            setBusy(true);
            void onPlan(day).catch(() => undefined).finally(() => { setBusy(false); });
          }}
        >
          <label htmlFor={`${base}-day`} className="min-w-0 flex-1 text-xs text-slate-600">
            {t('plan.calendar.planFor')}
            <TextInput id={`${base}-day`} type="date" className="mt-1 h-11" value={day} onChange={(e) => { setDay(e.target.value); }} />
          </label>
          <Button type="submit" variant="secondary" className="h-11" disabled={busy || parseDay(day) === null || day === dayOf(item.at)}>
            {busy ? <SpinnerIcon className="size-4 animate-spin" /> : null}
            {t('plan.calendar.plan')}
          </Button>
        </form>
      )}
    </div>
  );
}

/** The keyboard's (and a click's) way to plan: day, time and assignee, or no plan. */
function PlanDialog({ item, onClose, onSave }: { item: PlanItem; onClose: () => void; onSave: (plannedAt: string | null, assigneeId?: number) => Promise<unknown> }) {
  const { t } = useTranslation('work');
  const base = useId();
  const [day, setDay] = useState(dayOf(item.at) ?? localDay(new Date()));
  const [time, setTime] = useState(timeOf(item.at) || '09:00');
  const [assignee, setAssignee] = useState<number | null>(item.assigneeId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = (plannedAt: string | null) => {
    setBusy(true);
    onSave(plannedAt, assignee !== null && assignee !== item.assigneeId ? assignee : undefined)
      .then(onClose)
      .catch(() => { setBusy(false); });
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('plan.calendar.planTitle', { title: item.title })}
      description={item.detail}
      size="md"
      testId="plan-dialog"
      footer={
        <>
          {item.href ? <AppLink to={item.href} className="text-accent mr-auto text-sm hover:underline">{t('plan.calendar.openOrder')}</AppLink> : null}
          {item.at ? (
            <Button variant="ghost" disabled={busy} onClick={() => { run(null); }}>
              {t('plan.calendar.unplan')}
            </Button>
          ) : null}
          <Button
            variant="accent"
            disabled={busy}
            data-testid="plan-save"
            onClick={() => {
              const at = parseDay(day) ? plannedOn(day, null, time || '09:00') : null;
              if (at === null) {
                setError(t('plan.calendar.badDay'));
                return;
              }
              run(at);
            }}
          >
            {busy ? <SpinnerIcon className="size-4 animate-spin" /> : null}
            {t('plan.calendar.plan')}
          </Button>
        </>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('plan.calendar.planFor')} htmlFor={`${base}-day`} required error={error} errorId={`${base}-error`}>
          <TextInput id={`${base}-day`} type="date" value={day} aria-invalid={error ? true : undefined} aria-describedby={error ? `${base}-error` : undefined} onChange={(e) => { setDay(e.target.value); setError(null); }} />
        </Field>
        <Field label={t('plan.calendar.time')} htmlFor={`${base}-time`}>
          <TextInput id={`${base}-time`} type="time" value={time} onChange={(e) => { setTime(e.target.value); }} />
        </Field>
        <Field label={t('field.assignee')} htmlFor={`${base}-who`} className="sm:col-span-2">
          <UserPicker id={`${base}-who`} value={assignee} currentName={item.assigneeName} onChange={(id) => { setAssignee(id); }} testId="plan-assignee" />
        </Field>
      </div>
    </Dialog>
  );
}
