/**
 * A project's form (`project_save`): name, code, stage, manager (`user_search`), start and end days, description. The
 * list's add/edit dialog and the detail's edit dialog share it; a refusal naming a field (`endOn`, `managerId`, …)
 * lands under it because the form's names are the call's.
 */
import { useTranslation } from 'react-i18next';

import type { FieldDef } from '@/components/crud/form';
import { TextInput } from '@/components/ui/fields';
import type { WorkProject, WorkProjectInput } from '@/lib/api-types';
import { useSaveProject } from '../api/save-project';
import { PROJECT_ACTIVE, PROJECT_STATES } from '../plans';
import { UserPicker } from './user-picker';

export interface ProjectValues {
  name: string;
  code: string;
  state: number | '';
  managerId: number | null;
  startOn: string;
  endOn: string;
  description: string;
}

const EMPTY: ProjectValues = { name: '', code: '', state: PROJECT_ACTIVE, managerId: null, startOn: '', endOn: '', description: '' };

function fromProject(p: WorkProject): ProjectValues {
  return { name: p.name, code: p.code, state: p.state, managerId: p.managerId ?? null, startOn: p.startOn, endOn: p.endOn, description: p.description };
}

function toInput(v: ProjectValues): WorkProjectInput {
  return {
    name: v.name.trim(),
    code: v.code.trim(),
    state: v.state === '' ? undefined : v.state,
    managerId: v.managerId ?? 0,
    startOn: v.startOn,
    endOn: v.endOn,
    description: v.description.trim(),
  };
}

export function useProjectStateLabel(): (state: number) => string {
  const { t } = useTranslation('work');
  return (state) => t(`plan.project.state.${String(state)}` as 'plan.project.state.1', { defaultValue: String(state) });
}

/** The fields, values and save of a project's form; `project` null adds one. */
export function useProjectForm() {
  const { t } = useTranslation('work');
  const stateLabel = useProjectStateLabel();
  const save = useSaveProject();
  const day = (name: 'startOn' | 'endOn'): FieldDef<ProjectValues> => ({
    name,
    label: t(`plan.project.${name}`),
    type: 'custom',
    render: (p) => (
      <TextInput
        id={p.id}
        type="date"
        value={typeof p.value === 'string' ? p.value : ''}
        aria-invalid={p.invalid ? true : undefined}
        aria-describedby={p.describedBy}
        onChange={(e) => {
          p.onChange(e.target.value);
        }}
      />
    ),
  });
  const fields = (project: WorkProject | null): FieldDef<ProjectValues>[] => [
    { name: 'name', label: t('plan.project.name'), type: 'text', required: true, maxLength: 64 },
    { name: 'code', label: t('plan.project.code'), type: 'text', maxLength: 32 },
    { name: 'state', label: t('plan.project.stage'), type: 'select', required: true, options: PROJECT_STATES.map((s) => ({ value: s, label: stateLabel(s) })) },
    {
      name: 'managerId',
      label: t('plan.project.manager'),
      type: 'custom',
      render: (p) => (
        <UserPicker
          id={p.id}
          value={typeof p.value === 'number' ? p.value : null}
          currentName={project?.managerName}
          invalid={p.invalid}
          describedBy={p.describedBy}
          onChange={(id) => {
            p.onChange(id);
          }}
          testId="project-manager"
        />
      ),
    },
    day('startOn'),
    {
      ...day('endOn'),
      validate: (v, values) => (typeof v === 'string' && v !== '' && values.startOn !== '' && v < values.startOn ? t('plan.project.endBeforeStart') : null),
    },
    { name: 'description', label: t('plan.project.description'), type: 'textarea', wide: true, maxLength: 500 },
  ];
  return {
    fields,
    empty: EMPTY,
    fromProject,
    save: (values: ProjectValues, project: WorkProject | null) => save.mutateAsync({ ...toInput(values), id: project?.id }),
    remove: (id: number) => save.mutateAsync({ id, delete: true }),
  };
}
