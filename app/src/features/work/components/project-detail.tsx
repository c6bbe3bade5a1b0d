/**
 * One project: the head (stage, manager, days, description, progress with its orders and tasks; edit) and tabs for
 * its orders (the order list's columns and filters with `projectId`), tasks (`project_task`, done or not), notice
 * plans (`project_inform`), activity (`project_log`) and notes and dispose records (`project_work_log`).
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { FormDialog } from '@/components/crud/form-dialog';
import { useResource } from '@/components/crud/resource-view';
import type { SearchValues } from '@/components/crud/search-form';
import { Panel } from '@/components/crud/view';
import { AppLink } from '@/components/ui/app-link';
import { Button, LinkButton } from '@/components/ui/button';
import { ChevronLeftIcon, EditIcon } from '@/components/ui/icons';
import { Badge, ErrorState, Skeleton } from '@/components/ui/states';
import { Tabs, TabPanel } from '@/components/ui/tabs';
import { DataTable } from '@/components/crud/data-table';
import type { LogRow, OrderRow, ProjectLogRow, ProjectTaskRow, WorkProject } from '@/lib/api-types';
import { useButtons } from '@/lib/console/menu-route-context';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { formatDateTime } from '@/lib/format';
import { toText } from '@/lib/request/client';
import { getOrders } from '../api/get-orders';
import { useProject } from '../api/get-projects';
import { getProjectLog } from '../api/get-project-log';
import { getProjectTasks } from '../api/get-project-tasks';
import { getProjectWorkLog } from '../api/get-project-work-log';
import { useProjectInforms } from '../api/get-project-informs';
import { workKeys } from '../api/keys';
import { LOG_DISPOSE } from '../model';
import { StateBadge, useEnumOptions } from './badges';
import { useInformColumns } from './inform-columns';
import { toListParams, useOrderColumns, useOrderPath, useOrderSearchFields, type OrderFilters } from './order-columns';
import { useProjectForm, type ProjectValues } from './project-form';
import { ProjectProgress, ProjectStateBadge, projectDays } from './project-list';
import { ImagePreview } from './timeline';

type Tab = 'orders' | 'tasks' | 'plans' | 'activity' | 'notes';
const TABS: readonly Tab[] = ['orders', 'tasks', 'plans', 'activity', 'notes'];

export function ProjectDetail({ id }: { id: number }) {
  const { t } = useTranslation('work');
  const menuPath = useMenuPath();
  const project = useProject(id);
  const back = menuPath('projectManage');
  const backLink = back ? (
    <LinkButton to={back} variant="secondary" size="sm" className="max-md:h-11">
      <ChevronLeftIcon className="size-4" />
      {t('plan.project.back')}
    </LinkButton>
  ) : null;
  if (project.isPending) return <Skeleton rows={6} />;
  if (project.isError) return <ErrorState message={t('plan.project.loadFailed')} onRetry={() => void project.refetch()} />;
  if (project.data === null) {
    return (
      <div className="space-y-3">
        <ErrorState message={t('plan.project.notFound', { id })} />
        {backLink}
      </div>
    );
  }
  return <ProjectPage project={project.data} back={backLink} />;
}

function ProjectPage({ project: p, back }: { project: WorkProject; back: ReactNode }) {
  const { t } = useTranslation('work');
  const can = useButtons();
  const form = useProjectForm();
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useState<Tab>('orders');
  return (
    <div className="space-y-4" data-testid="project-detail" data-project-id={p.id}>
      <Panel className="space-y-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="text-base font-semibold text-slate-900" data-testid="project-name">
              {p.name}
              {p.code ? <span className="ml-2 text-sm font-normal text-slate-500">{p.code}</span> : null}
            </h3>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <ProjectStateBadge state={p.state} />
              <span>{t('plan.project.managedBy', { name: p.managerName || t('people.nobody') })}</span>
              <span className="tabular-nums">{projectDays(p)}</span>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            {back}
            {can('edit') ? (
              <Button variant="secondary" size="sm" className="max-md:h-11" onClick={() => { setEditing(true); }} data-testid="project-edit">
                <EditIcon className="size-4" />
                {t('plan.project.edit')}
              </Button>
            ) : null}
          </div>
        </div>
        {p.description ? <p className="text-sm whitespace-pre-wrap text-slate-700">{p.description}</p> : null}
        <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_auto_auto] sm:items-center" data-testid="project-progress">
          <ProjectProgress progress={p.progress} label={t('plan.project.progressOf', { name: p.name })} />
          <span className="text-sm text-slate-600 tabular-nums">{t('plan.project.ordersOpen', { open: p.orders.open, total: p.orders.total })}</span>
          <span className="text-sm text-slate-600 tabular-nums">{t('plan.project.tasksDone', { done: p.tasks.done, total: p.tasks.total })}</span>
        </div>
      </Panel>
      <Panel>
        <Tabs<Tab>
          idPrefix="project"
          label={t('plan.project.tabs')}
          value={tab}
          onChange={setTab}
          tabs={TABS.map((id) => ({ id, label: t(`plan.project.tab.${id}`) }))}
          className="px-2"
        />
        {TABS.map((id) => (
          <TabPanel key={id} idPrefix="project" id={id} active={tab === id}>
            {id === 'orders' ? <ProjectOrders projectId={p.id} /> : null}
            {id === 'tasks' ? <ProjectTasks projectId={p.id} /> : null}
            {id === 'plans' ? <ProjectPlans projectId={p.id} /> : null}
            {id === 'activity' ? <ProjectActivity projectId={p.id} /> : null}
            {id === 'notes' ? <ProjectNotes projectId={p.id} /> : null}
          </TabPanel>
        ))}
      </Panel>
      <FormDialog<ProjectValues>
        open={editing}
        onClose={() => { setEditing(false); }}
        title={t('plan.project.editTitle', { name: p.name })}
        testId="project-form"
        fields={form.fields(p)}
        initialValues={form.fromProject(p)}
        onSubmit={(v) => form.save(v, p)}
      />
    </div>
  );
}

/** A list inside a tab: its search, table and pager. */
function TabList({ search, table, pager }: { search: ReactNode; table: ReactNode; pager: ReactNode }) {
  return (
    <div>
      {search ? <div className="border-b border-slate-100 p-4">{search}</div> : null}
      {table}
      {pager ? <div className="px-3">{pager}</div> : null}
    </div>
  );
}

function ProjectOrders({ projectId }: { projectId: number }) {
  const { t } = useTranslation('work');
  const { columns, exportColumns } = useOrderColumns();
  const searchFields = useOrderSearchFields();
  const list = useResource<OrderRow, OrderFilters, object, number>({
    title: t('plan.project.tab.orders'),
    testId: 'project-orders',
    queryKey: workKeys.orders,
    fetchPage: getOrders,
    toParams: (v) => ({ ...toListParams(v), projectId }),
    searchFields,
    columns,
    rowKey: (o) => o.id,
    rowLabel: (o) => `${o.number} ${o.title}`,
    exportName: 'project-orders',
    exportColumns,
    selectable: false,
    texts: { search: t('list.search'), loadFailed: t('list.loadFailed'), empty: t('plan.project.noOrders') },
  });
  return (
    <div>
      <div className="flex justify-end gap-2 px-4 pt-3">{list.toolbar}</div>
      <TabList search={list.search} table={list.table} pager={list.pager} />
      {list.dialogs}
    </div>
  );
}

/** A link to an order (the detail route, else /wf/:id) by its number, or by id where a row carries none. */
function OrderLink({ id, number }: { id: number; number?: string | null }) {
  const { t } = useTranslation('work');
  const path = useOrderPath();
  return (
    <AppLink to={path(id)} className="text-accent tabular-nums hover:underline">
      {number ?? t('plan.orderById', { id })}
    </AppLink>
  );
}

function ProjectTasks({ projectId }: { projectId: number }) {
  const { t } = useTranslation('work');
  const { yesNo } = useEnumOptions();
  const list = useResource<ProjectTaskRow, { projectId: number; done?: boolean }, object, number>({
    title: t('plan.project.tab.tasks'),
    testId: 'project-tasks',
    // each tab's list under its own key: the tabs' lists take the same parameters
    queryKey: [...workKeys.projects, 'project-tasks'],
    fetchPage: getProjectTasks,
    toParams: (v: SearchValues) => ({ projectId, done: v.done === 'true' ? true : v.done === 'false' ? false : undefined }),
    searchFields: [{ name: 'done', label: t('tasks.done'), type: 'select', options: yesNo }],
    columns: [
      { key: 'title', header: t('tasks.name'), primary: true, cell: (x) => <span className={x.done ? 'text-slate-400 line-through' : 'font-medium text-slate-900'}>{x.title}</span> },
      { key: 'order', header: t('field.number'), cell: (x) => <OrderLink id={x.orderId} number={x.orderNumber} /> },
      { key: 'assignee', header: t('field.assignee'), cell: (x) => x.assigneeName || t('people.nobody') },
      { key: 'due', header: t('field.dueAt'), cell: (x) => (x.dueAt ? formatDateTime(x.dueAt) : '—') },
      { key: 'planned', header: t('plan.calendar.plannedAt'), cell: (x) => (x.plannedAt ? formatDateTime(x.plannedAt) : '—') },
      { key: 'done', header: t('tasks.done'), cell: (x) => (x.done ? <Badge tone="green">{t('tasks.done')}</Badge> : <Badge>{t('plan.project.taskOpen')}</Badge>) },
    ],
    rowKey: (x) => x.id,
    rowLabel: (x) => x.title,
    selectable: false,
    texts: { loadFailed: t('tasks.loadFailed'), empty: t('tasks.empty') },
  });
  return <TabList search={list.search} table={list.table} pager={list.pager} />;
}

function ProjectPlans({ projectId }: { projectId: number }) {
  const { t } = useTranslation('work');
  const menuPath = useMenuPath();
  const plans = useProjectInforms({ projectId });
  const columns = useInformColumns().filter((c) => c.key !== 'project');
  const to = menuPath('noticePlan');
  return (
    <div>
      {to ? (
        <div className="flex justify-end px-4 pt-3">
          <LinkButton to={to} variant="secondary" size="sm" className="max-md:h-11">
            {t('plan.project.managePlans')}
          </LinkButton>
        </div>
      ) : null}
      <DataTable
        caption={t('plan.project.tab.plans')}
        columns={columns}
        rows={plans.data ?? []}
        rowKey={(x) => x.id}
        loading={plans.isPending}
        error={plans.isError ? t('plan.inform.loadFailed') : null}
        onRetry={() => void plans.refetch()}
        empty={t('plan.inform.empty')}
        testId="project-plans"
      />
    </div>
  );
}

function ProjectActivity({ projectId }: { projectId: number }) {
  const { t } = useTranslation('work');
  const list = useResource<ProjectLogRow, { projectId: number }, object, number>({
    title: t('plan.project.tab.activity'),
    testId: 'project-activity',
    queryKey: [...workKeys.projects, 'project-log'],
    fetchPage: getProjectLog,
    toParams: () => ({ projectId }),
    columns: [
      {
        key: 'what',
        header: t('plan.project.what'),
        primary: true,
        cell: (x) => (
          <span className="flex flex-wrap items-center gap-1.5">
            {x.fromState != null ? <StateBadge state={x.fromState} /> : null}
            {x.fromState != null && x.toState != null ? <span aria-hidden="true">→</span> : null}
            {x.toState != null ? <StateBadge state={x.toState} /> : null}
            <span className="text-slate-800">{x.text}</span>
          </span>
        ),
      },
      { key: 'order', header: t('field.number'), cell: (x) => (x.orderId ? <OrderLink id={x.orderId} number={x.orderNumber} /> : '—') },
      { key: 'by', header: t('plan.project.by'), cell: (x) => x.byName || '—' },
      { key: 'at', header: t('plan.project.at'), cell: (x) => <time className="tabular-nums" dateTime={x.at}>{formatDateTime(x.at)}</time> },
    ],
    rowKey: (x) => x.kind * 1e12 + x.id,
    rowLabel: (x) => x.text,
    selectable: false,
    texts: { loadFailed: t('plan.project.activityFailed'), empty: t('plan.project.noActivity') },
  });
  return <TabList search={null} table={list.table} pager={list.pager} />;
}

function ProjectNotes({ projectId }: { projectId: number }) {
  const { t } = useTranslation('work');
  const [preview, setPreview] = useState<string | null>(null);
  const list = useResource<LogRow, { projectId: number }, object, number>({
    title: t('plan.project.tab.notes'),
    testId: 'project-notes',
    queryKey: [...workKeys.projects, 'project-work-log'],
    fetchPage: getProjectWorkLog,
    toParams: () => ({ projectId }),
    columns: [
      {
        key: 'content',
        header: t('plan.project.note'),
        primary: true,
        cell: (x) => (
          <div className="min-w-0 space-y-1">
            <span className="text-xs text-slate-500">{x.kind === LOG_DISPOSE ? t('timeline.kind.3') : t('timeline.kind.2')}</span>
            {x.content ? <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{x.content}</p> : null}
            {x.kind === LOG_DISPOSE && Object.keys(x.data).length > 0 ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                {Object.entries(x.data).map(([k, v]) => (
                  <div key={k} className="contents">
                    <dt className="text-slate-500">{k}</dt>
                    <dd className="break-words text-slate-800">{toText(v)}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {x.images.length > 0 ? (
              <ul className="flex flex-wrap gap-2">
                {x.images.map((url, i) => (
                  <li key={url}>
                    <button type="button" onClick={() => { setPreview(url); }} aria-label={t('photos.open', { n: i + 1 })} className="block rounded-lg">
                      <img src={url} alt="" loading="lazy" className="size-14 rounded-lg object-cover ring-1 ring-slate-200" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ),
      },
      { key: 'order', header: t('field.number'), cell: (x) => <OrderLink id={x.orderId} /> },
      { key: 'by', header: t('plan.project.by'), cell: (x) => x.userName || '—' },
      { key: 'at', header: t('plan.project.at'), cell: (x) => <time className="tabular-nums" dateTime={x.createdAt}>{formatDateTime(x.createdAt)}</time> },
    ],
    rowKey: (x) => x.id,
    rowLabel: (x) => x.content,
    selectable: false,
    texts: { loadFailed: t('plan.project.notesFailed'), empty: t('plan.project.noNotes') },
  });
  return (
    <>
      <TabList search={null} table={list.table} pager={list.pager} />
      {preview ? <ImagePreview url={preview} onClose={() => { setPreview(null); }} /> : null}
    </>
  );
}
