/**
 * A notice plan's form (`update_inform`): name, project, order type, the orders' title, vehicles (the order form's
 * vehicle picker, without wheel positions), the trigger — a schedule (first day and time in the browser's zone, sent
 * in UTC as the server keeps them; every N days, weeks or months) or mileage (every N km from a start) —, lead days,
 * assignee, due hours and whether it runs. A plan comes with its vehicles' plates and its assignee's name, so editing
 * shows them as they are. Field names are the call's (`trigger.every`, `vehicleIds`, …), so a refusal
 * lands under its field.
 */
import { useTranslation } from 'react-i18next';

import type { FieldDef } from '@/components/crud/form';
import { TextInput } from '@/components/ui/fields';
import type { InformInput, InformRow, Trigger } from '@/lib/api-types';
import { useProjects } from '../api/get-projects';
import { useTypes } from '../api/get-types';
import { useSaveInform } from '../api/save-inform';
import { informPlates, localDay, scheduleFromUtc, scheduleToUtc } from '../plans';
import { UserPicker } from './user-picker';
import { VehiclePicker, type VehiclePick } from './vehicle-picker';

type Kind = 'schedule' | 'mileage';
type Count = number | '';

export interface InformValues {
  name: string;
  title: string;
  projectId: Count;
  typeId: Count;
  vehicleIds: VehiclePick[];
  'trigger.kind': Kind;
  'trigger.startOn': string;
  'trigger.at': string;
  'trigger.every': Count;
  'trigger.unit': string;
  'trigger.startKm': Count;
  'trigger.everyKm': Count;
  leadDays: Count;
  assigneeId: number | null;
  dueHours: Count;
  enabled: boolean;
}

const UNITS = ['day', 'week', 'month'] as const;

function emptyValues(): InformValues {
  return {
    name: '',
    title: '',
    projectId: '',
    typeId: '',
    vehicleIds: [],
    'trigger.kind': 'schedule',
    'trigger.startOn': localDay(new Date()),
    'trigger.at': '08:00',
    'trigger.every': 1,
    'trigger.unit': 'month',
    'trigger.startKm': 0,
    'trigger.everyKm': '',
    leadDays: 0,
    assigneeId: null,
    dueHours: '',
    enabled: true,
  };
}

/** A plan's values, its vehicles by plate. */
function fromRow(p: InformRow): InformValues {
  const first = scheduleFromUtc(p.trigger.startOn, p.trigger.at);
  const kind: Kind = p.trigger.kind === 'mileage' ? 'mileage' : 'schedule';
  return {
    ...emptyValues(),
    name: p.name,
    title: p.title,
    projectId: p.projectId ?? '',
    typeId: p.typeId,
    vehicleIds: informPlates(p).map(({ vehicleId, plate }) => ({ vehicleId, plate, positions: [] })),
    'trigger.kind': kind,
    ...(kind === 'schedule'
      ? { 'trigger.startOn': first.day, 'trigger.at': first.time, 'trigger.every': p.trigger.every ?? 1, 'trigger.unit': p.trigger.unit ?? 'month' }
      : { 'trigger.startKm': p.trigger.startKm ?? 0, 'trigger.everyKm': p.trigger.everyKm ?? '' }),
    leadDays: p.leadDays,
    assigneeId: p.assigneeId ?? null,
    dueHours: p.dueHours ?? '',
    enabled: p.enabled,
  };
}

function toTrigger(v: InformValues): Trigger {
  if (v['trigger.kind'] === 'mileage') {
    return { kind: 'mileage', startKm: v['trigger.startKm'] === '' ? 0 : v['trigger.startKm'], everyKm: v['trigger.everyKm'] === '' ? null : v['trigger.everyKm'] };
  }
  const utc = scheduleToUtc({ day: v['trigger.startOn'], time: v['trigger.at'] });
  return { kind: 'schedule', every: v['trigger.every'] === '' ? null : v['trigger.every'], unit: v['trigger.unit'], startOn: utc?.day ?? null, at: utc?.time ?? null };
}

function toInput(v: InformValues, row: InformRow | null): InformInput {
  return {
    id: row?.id,
    name: v.name.trim(),
    title: v.title.trim(),
    projectId: v.projectId === '' ? 0 : v.projectId,
    typeId: v.typeId === '' ? null : v.typeId,
    vehicleIds: v.vehicleIds.map((p) => p.vehicleId),
    trigger: toTrigger(v),
    leadDays: v.leadDays === '' ? 0 : v.leadDays,
    assigneeId: v.assigneeId ?? 0,
    dueHours: v.dueHours === '' ? 0 : v.dueHours,
    enabled: v.enabled,
  };
}

export function useInformForm() {
  const { t } = useTranslation('work');
  const save = useSaveInform();
  const types = useTypes({ page: 1, pageSize: 100 });
  const projects = useProjects({ page: 1, pageSize: 100 });
  const schedule = (v: InformValues) => v['trigger.kind'] !== 'schedule';
  const mileage = (v: InformValues) => v['trigger.kind'] !== 'mileage';
  const input = (name: 'trigger.startOn' | 'trigger.at', type: 'date' | 'time', label: string): FieldDef<InformValues> => ({
    name,
    label,
    type: 'custom',
    required: name === 'trigger.startOn',
    hidden: schedule,
    render: (p) => (
      <TextInput
        id={p.id}
        type={type}
        value={typeof p.value === 'string' ? p.value : ''}
        aria-invalid={p.invalid ? true : undefined}
        aria-describedby={p.describedBy}
        onChange={(e) => {
          p.onChange(e.target.value);
        }}
      />
    ),
  });
  const positive = (v: unknown) => (typeof v === 'number' && v > 0 ? null : t('plan.inform.positive'));
  /** The fields; editing a plan names its assignee even when the search has not found them. */
  const fields = (row: InformRow | null): FieldDef<InformValues>[] => [
    { name: 'name', label: t('plan.inform.name'), type: 'text', required: true, maxLength: 64 },
    { name: 'title', label: t('plan.inform.title'), type: 'text', maxLength: 128, placeholder: t('plan.inform.titleHint') },
    { name: 'typeId', label: t('field.type'), type: 'select', required: true, options: (types.data?.list ?? []).map((ty) => ({ value: ty.id, label: ty.name })) },
    { name: 'projectId', label: t('plan.inform.project'), type: 'select', placeholder: t('plan.inform.noProject'), options: (projects.data?.list ?? []).map((p) => ({ value: p.id, label: p.name })) },
    {
      name: 'vehicleIds',
      label: t('plan.inform.vehicles'),
      type: 'custom',
      required: true,
      wide: true,
      render: (p) => (
        <VehiclePicker id={p.id} value={Array.isArray(p.value) ? (p.value as VehiclePick[]) : []} onChange={p.onChange} invalid={p.invalid} describedBy={p.describedBy} withPositions={false} />
      ),
    },
    {
      name: 'trigger.kind',
      label: t('plan.inform.trigger'),
      type: 'select',
      required: true,
      options: [
        { value: 'schedule', label: t('plan.trigger.schedule') },
        { value: 'mileage', label: t('plan.trigger.mileage') },
      ],
    },
    input('trigger.startOn', 'date', t('plan.trigger.startOn')),
    input('trigger.at', 'time', t('plan.trigger.at')),
    { name: 'trigger.every', label: t('plan.trigger.every'), type: 'number', required: true, hidden: schedule, validate: positive },
    { name: 'trigger.unit', label: t('plan.trigger.unit'), type: 'select', required: true, hidden: schedule, options: UNITS.map((u) => ({ value: u, label: t(`plan.trigger.unitName.${u}`) })) },
    { name: 'leadDays', label: t('plan.inform.leadDays'), type: 'number', hidden: schedule, hint: t('plan.inform.leadDaysHint') },
    { name: 'trigger.everyKm', label: t('plan.trigger.everyKm'), type: 'number', required: true, hidden: mileage, validate: positive },
    { name: 'trigger.startKm', label: t('plan.trigger.startKm'), type: 'number', hidden: mileage },
    {
      name: 'assigneeId',
      label: t('field.assignee'),
      type: 'custom',
      render: (p) => (
        <UserPicker
          id={p.id}
          value={typeof p.value === 'number' ? p.value : null}
          currentName={row && p.value === row.assigneeId ? row.assigneeName : undefined}
          invalid={p.invalid}
          describedBy={p.describedBy}
          onChange={(id) => {
            p.onChange(id);
          }}
          testId="inform-assignee"
        />
      ),
    },
    { name: 'dueHours', label: t('plan.inform.dueHours'), type: 'number', hint: t('plan.inform.dueHoursHint') },
    { name: 'enabled', label: t('plan.inform.enabled'), type: 'switch' },
  ];
  return {
    fields,
    empty: emptyValues(),
    fromRow,
    save: (v: InformValues, row: InformRow | null) => save.mutateAsync(toInput(v, row)),
  };
}
