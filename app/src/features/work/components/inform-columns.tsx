/**
 * What lists of notice plans share: the trigger in words (a schedule in the browser's zone, or mileage), and the
 * columns (name and title, project, order type, trigger, vehicles by plate, enabled, next and last run,
 * orders opened). The notice plan view and a project's plans tab show them.
 */
import { useTranslation } from 'react-i18next';

import type { Column } from '@/components/crud/data-table';
import { Badge } from '@/components/ui/states';
import type { InformRow, Trigger } from '@/lib/api-types';
import { formatDateTime } from '@/lib/format';
import { useProjects } from '../api/get-projects';
import { useTypes } from '../api/get-types';
import { informPlates, scheduleFromUtc } from '../plans';

/** A trigger in words: "Every 2 weeks from 2026-12-01 at 08:00" (local) or "Every 5000 km from 0 km". */
export function useTriggerText(): (trigger: Trigger) => string {
  const { t } = useTranslation('work');
  return (trigger) => {
    if (trigger.kind === 'mileage') return t('plan.trigger.mileageText', { everyKm: trigger.everyKm ?? 0, startKm: trigger.startKm ?? 0 });
    const first = scheduleFromUtc(trigger.startOn, trigger.at);
    const unit = trigger.unit ?? 'day';
    const every = trigger.every ?? 1;
    const period = every === 1 ? t(`plan.trigger.everyOne.${unit}` as 'plan.trigger.everyOne.day', { defaultValue: unit }) : t(`plan.trigger.everyN.${unit}` as 'plan.trigger.everyN.day', { every, defaultValue: unit });
    return t('plan.trigger.scheduleText', { period, day: first.day, time: first.time });
  };
}

const PLATES_SHOWN = 3;

export function EnabledBadge({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('work');
  return <Badge tone={enabled ? 'green' : 'slate'}>{enabled ? t('plan.inform.on') : t('plan.inform.off')}</Badge>;
}

export function useInformColumns(): Column<InformRow>[] {
  const { t } = useTranslation('work');
  const triggerText = useTriggerText();
  const types = useTypes({ page: 1, pageSize: 100 });
  const projects = useProjects({ page: 1, pageSize: 100 });
  const typeName = new Map((types.data?.list ?? []).map((ty) => [ty.id, ty.name]));
  const projectName = new Map((projects.data?.list ?? []).map((p) => [p.id, p.name]));
  return [
    {
      key: 'name',
      header: t('plan.inform.name'),
      primary: true,
      cell: (p) => (
        <span className="block py-1" data-testid={`inform-${String(p.id)}`}>
          <span className="font-medium text-slate-900">{p.name}</span>
          {p.title !== p.name ? <span className="block text-xs text-slate-500">{p.title}</span> : null}
        </span>
      ),
    },
    { key: 'trigger', header: t('plan.inform.trigger'), cell: (p) => triggerText(p.trigger) },
    { key: 'type', header: t('field.type'), cell: (p) => typeName.get(p.typeId) ?? `#${String(p.typeId)}` },
    { key: 'project', header: t('plan.inform.project'), cell: (p) => (p.projectId ? (projectName.get(p.projectId) ?? `#${String(p.projectId)}`) : '—') },
    {
      key: 'vehicles',
      header: t('plan.inform.vehicles'),
      cell: (p) => {
        const plates = informPlates(p).map((v) => v.plate);
        // a plan may hold hundreds of vehicles: the first few, the count of the rest, all of them on hover
        const shown = plates.slice(0, PLATES_SHOWN).join(', ');
        const rest = plates.length - PLATES_SHOWN;
        return (
          <span className="block max-w-56 break-words" title={plates.join(', ')} data-testid={`inform-plates-${String(p.id)}`}>
            {plates.length === 0 ? '—' : rest > 0 ? `${shown} +${String(rest)}` : shown}
          </span>
        );
      },
    },
    { key: 'enabled', header: t('plan.inform.enabled'), cell: (p) => <EnabledBadge enabled={p.enabled} />, className: 'whitespace-nowrap' },
    { key: 'next', header: t('plan.inform.nextRun'), cell: (p) => <span className="whitespace-nowrap tabular-nums" data-testid={`inform-next-${String(p.id)}`}>{p.nextRunAt ? formatDateTime(p.nextRunAt) : '—'}</span> },
    { key: 'last', header: t('plan.inform.lastRun'), cell: (p) => <span className="whitespace-nowrap tabular-nums">{p.lastRunAt ? formatDateTime(p.lastRunAt) : '—'}</span> },
    { key: 'opened', header: t('plan.inform.ordersOpened'), align: 'right', cell: (p) => <span className="tabular-nums">{p.ordersOpened}</span> },
  ];
}
