/**
 * The projects in scope (`project_list`): keyword, stage, manager and, for platform staff, the enterprise; each row
 * with its open/total orders, done/total tasks, progress, manager and days. Add, edit and delete through
 * `project_save` (a project with open orders is refused: the server's words say how many); a project opens in its
 * detail. `project/project` shows it as its page, `project/projectManage` as the choice when no project is named.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { oneByOne, ResourceView } from '@/components/crud/resource-view';
import type { SearchField, SearchValues } from '@/components/crud/search-form';
import { RowAction } from '@/components/crud/view';
import { AppLink } from '@/components/ui/app-link';
import { Badge } from '@/components/ui/states';
import { useIsPlatformStaff } from '@/features/auth';
import type { WorkProject } from '@/lib/api-types';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { orUndefined } from '@/lib/format';
import { getProjects, type ProjectFilters } from '../api/get-projects';
import { workKeys } from '../api/keys';
import { useUserSearch } from '../api/search-users';
import { PROJECT_STATES, progressWidth, projectPath, projectStateTone } from '../plans';
import { useProjectForm, useProjectStateLabel, type ProjectValues } from './project-form';
import { personName } from './user-picker';

/** A project's detail page: the `projectManage` menu's route with the id (null when the role has no such menu). */
export function useProjectPath(): (id: number) => string | null {
  const menuPath = useMenuPath();
  return (id) => {
    const route = menuPath('projectManage', { id });
    return route === null ? null : projectPath(route, id);
  };
}

export function ProjectStateBadge({ state }: { state: number }) {
  return <Badge tone={projectStateTone(state)}>{useProjectStateLabel()(state)}</Badge>;
}

/** The progress bar with its share in words beside it. */
export function ProjectProgress({ progress, label }: { progress: number; label: string }) {
  const width = progressWidth(progress);
  return (
    <div className="flex min-w-32 items-center gap-2">
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={width} className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100">
        <div className="bg-accent h-full rounded-full" style={{ width: `${String(width)}%` }} />
      </div>
      <span className="w-10 text-right text-xs text-slate-600 tabular-nums">{width}%</span>
    </div>
  );
}

/** `2026-12-01 – 2026-12-31`, one end or none. */
export function projectDays(p: WorkProject): string {
  return p.startOn || p.endOn ? `${p.startOn || '…'} – ${p.endOn || '…'}` : '—';
}

function toParams(v: SearchValues): ProjectFilters {
  const num = (k: string) => (v[k] ? Number(v[k]) : undefined);
  return { keyword: orUndefined(v.keyword?.trim()), state: num('state'), managerId: num('managerId'), entId: num('entId') };
}

export function ProjectList({ title, description }: { title: string; description?: ReactNode }) {
  const { t } = useTranslation('work');
  const navigate = useNavigate();
  const detail = useProjectPath();
  const stateLabel = useProjectStateLabel();
  const form = useProjectForm();
  // platform staff may look at another enterprise's projects (the others see their own)
  const staff = useIsPlatformStaff();
  const users = useUserSearch({ page: 1, pageSize: 100 });
  const searchFields: SearchField[] = [
    { name: 'keyword', label: t('plan.project.keyword'), placeholder: t('plan.project.keywordHint') },
    { name: 'state', label: t('plan.project.stage'), type: 'select', options: PROJECT_STATES.map((s) => ({ value: s, label: stateLabel(s) })) },
    { name: 'managerId', label: t('plan.project.manager'), type: 'select', options: (users.data?.list ?? []).map((u) => ({ value: u.id, label: personName(u) })) },
    ...(staff ? [{ name: 'entId', label: t('plan.project.enterpriseId'), type: 'number' as const }] : []),
  ];
  const nameCell = (p: WorkProject) => {
    const to = detail(p.id);
    const text = (
      <>
        <span className="text-accent font-medium group-hover:underline">{p.name}</span>
        {p.code ? <span className="block text-xs text-slate-500">{p.code}</span> : null}
      </>
    );
    return to ? (
      <AppLink to={to} className="group block min-w-0 py-1" data-testid={`project-link-${String(p.id)}`}>
        {text}
      </AppLink>
    ) : (
      <span className="block py-1">{text}</span>
    );
  };
  return (
    <ResourceView<WorkProject, ProjectFilters, ProjectValues, number>
      title={title}
      description={description}
      testId="projects"
      queryKey={workKeys.projects}
      fetchPage={getProjects}
      toParams={toParams}
      searchFields={searchFields}
      columns={[
        { key: 'name', header: t('plan.project.name'), primary: true, cell: nameCell },
        { key: 'state', header: t('plan.project.stage'), cell: (p) => <ProjectStateBadge state={p.state} />, className: 'whitespace-nowrap' },
        { key: 'progress', header: t('plan.project.progress'), cell: (p) => <ProjectProgress progress={p.progress} label={t('plan.project.progressOf', { name: p.name })} /> },
        { key: 'orders', header: t('plan.project.orders'), cell: (p) => <span className="tabular-nums">{t('plan.project.openOfTotal', { open: p.orders.open, total: p.orders.total })}</span> },
        { key: 'tasks', header: t('plan.project.tasks'), cell: (p) => <span className="tabular-nums">{t('plan.project.doneOfTotal', { done: p.tasks.done, total: p.tasks.total })}</span> },
        { key: 'manager', header: t('plan.project.manager'), cell: (p) => p.managerName || '—' },
        { key: 'days', header: t('plan.project.days'), cell: (p) => <span className="whitespace-nowrap tabular-nums">{projectDays(p)}</span> },
      ]}
      rowKey={(p) => p.id}
      rowLabel={(p) => p.name}
      texts={{
        search: t('plan.project.search'),
        loadFailed: t('plan.project.loadFailed'),
        empty: t('plan.project.empty'),
        confirmDelete: (p) => t('plan.project.confirmDelete', { name: p.name }),
      }}
      form={{
        addLabel: t('plan.project.add'),
        editTitle: (p) => t('plan.project.editTitle', { name: p.name }),
        fields: form.fields,
        empty: form.empty,
        fromRow: form.fromProject,
        save: form.save,
        testId: 'project-form',
      }}
      rowActions={(p) => {
        const to = detail(p.id);
        return to ? <RowAction onClick={() => void navigate(to)}>{t('plan.project.open')}</RowAction> : null;
      }}
      remove={oneByOne(form.remove)}
    />
  );
}
