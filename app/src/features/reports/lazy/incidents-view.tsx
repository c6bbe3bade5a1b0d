/**
 * dataManage/alarmList and colony/alertQuery: alarm incidents (start, acknowledgement, clear, who acted, duration),
 * filtered by kind, level, state and start date, exportable.
 */
import { useTranslation } from 'react-i18next';

import { ResourceView } from '@/components/crud/resource-view';
import { Badge } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { dayStartIso } from '@/lib/days';
import { formatDateTime, formatDuration } from '@/lib/format';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { ALARM_KINDS, alarmKindKey, alarmWheelName } from '@/features/live';
import { useWheelNames } from '@/features/vehicles';
import { getIncidents, incidentsKey, type IncidentParams } from '../api/get-incidents';
import type { Incident } from '../types';

const STATE_TONE = { 0: 'red', 1: 'amber', 2: 'green' } as const;

const num = (v: string | undefined) => (v ? Number(v) : undefined);

export default function IncidentsView({ route }: MenuViewProps) {
  const { t } = useTranslation('map');
  const { lang } = useApp();
  const kindName = (k: number) => t(`alarmKind.${alarmKindKey(k)}`);
  const levelName = (l: number) => t(`alarmLevel.${l >= 2 ? '2' : '1'}`);
  const stateName = (s: number) => t(`alarmState.${s === 1 || s === 2 ? String(s) : '0'}` as 'alarmState.0');
  const names = useWheelNames();
  const where = (r: Incident) => alarmWheelName(r.kind, r.position, r.wheelsPerAxle, names) ?? '';
  const columns = [
    { key: 'plate', header: t('incidents.plate'), primary: true, cell: (r: Incident) => r.plate },
    { key: 'kind', header: t('incidents.kind'), cell: (r: Incident) => `${kindName(r.kind)} · ${levelName(r.level)}` },
    { key: 'position', header: t('incidents.position'), cell: where, hideOnMobile: true },
    { key: 'state', header: t('incidents.state'), cell: (r: Incident) => <Badge tone={STATE_TONE[r.state === 1 || r.state === 2 ? r.state : 0]}>{stateName(r.state)}</Badge> },
    { key: 'started', header: t('incidents.started'), cell: (r: Incident) => formatDateTime(r.startedAt) },
    { key: 'acked', header: t('incidents.acked'), cell: (r: Incident) => (r.ackedAt ? `${formatDateTime(r.ackedAt)} ${r.ackedByName}` : ''), hideOnMobile: true },
    { key: 'cleared', header: t('incidents.cleared'), cell: (r: Incident) => (r.clearedAt ? `${formatDateTime(r.clearedAt)} ${r.clearedByName}` : ''), hideOnMobile: true },
    { key: 'duration', header: t('incidents.duration'), cell: (r: Incident) => formatDuration(r.durationS) },
  ];
  return (
    <ResourceView<Incident, IncidentParams, object, number>
      title={menuTitle(route, lang)}
      testId="incidents"
      queryKey={incidentsKey}
      fetchPage={getIncidents}
      toParams={(v) => ({ kind: num(v.kind), level: num(v.level), state: num(v.state), start: dayStartIso(v.from), end: dayStartIso(v.to, true) })}
      searchFields={[
        { name: 'kind', label: t('incidents.kind'), type: 'select', options: ALARM_KINDS.map((k, i) => ({ value: String(i + 1), label: t(`alarmKind.${k}`) })) },
        { name: 'level', label: t('incidents.level'), type: 'select', options: ['1', '2'].map((l) => ({ value: l, label: levelName(Number(l)) })) },
        { name: 'state', label: t('incidents.state'), type: 'select', options: ['0', '1', '2'].map((s) => ({ value: s, label: stateName(Number(s)) })) },
        { name: 'from', label: t('incidents.from'), type: 'date' },
        { name: 'to', label: t('incidents.to'), type: 'date' },
      ]}
      columns={columns}
      rowKey={(r) => r.id}
      rowLabel={(r) => r.plate}
      exportName="alarm-incidents"
      exportColumns={[
        { header: t('incidents.plate'), value: (r) => r.plate },
        { header: t('incidents.kind'), value: (r) => kindName(r.kind) },
        { header: t('incidents.level'), value: (r) => levelName(r.level) },
        { header: t('incidents.position'), value: where },
        { header: t('incidents.state'), value: (r) => stateName(r.state) },
        { header: t('incidents.value'), value: (r) => r.value ?? '' },
        { header: t('incidents.started'), value: (r) => formatDateTime(r.startedAt) },
        { header: t('incidents.acked'), value: (r) => formatDateTime(r.ackedAt) },
        { header: t('incidents.ackedBy'), value: (r) => r.ackedByName },
        { header: t('incidents.note'), value: (r) => r.note },
        { header: t('incidents.cleared'), value: (r) => formatDateTime(r.clearedAt) },
        { header: t('incidents.clearedBy'), value: (r) => r.clearedByName },
        { header: t('incidents.duration'), value: (r) => formatDuration(r.durationS) },
      ]}
    />
  );
}
