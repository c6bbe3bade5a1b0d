/** The columns of an upgrade task (receiver upgrade and upgrade log share them). */
import type { TFunction } from 'i18next';

import type { Column } from '@/components/crud/data-table';
import type { ExportColumn } from '@/components/crud/export-all';
import { Badge } from '@/components/ui/states';
import { formatDateTime } from '@/lib/format';
import type { TaskRow } from '../types';

const TONES = ['slate', 'blue', 'blue', 'green', 'red', 'slate'] as const;

export function taskStatusLabel(t: TFunction<'fleet'>, status: number): string {
  return t(`upgrade.status.${String(status)}` as 'upgrade.status.0');
}

export function taskColumns(t: TFunction<'fleet'>): Column<TaskRow>[] {
  return [
    { key: 'imei', header: t('device.imei'), primary: true, cell: (r) => <span className="tabular-nums">{r.imei}</span> },
    { key: 'from', header: t('upgrade.fromVersion'), cell: (r) => r.fromVersion },
    { key: 'to', header: t('upgrade.targetVersion'), cell: (r) => r.targetVersion },
    { key: 'status', header: t('upgrade.statusLabel'), cell: (r) => <Badge tone={TONES[r.status] ?? 'slate'}>{taskStatusLabel(t, r.status)}</Badge> },
    { key: 'message', header: t('upgrade.message'), cell: (r) => r.message, hideOnMobile: true },
    { key: 'updated', header: t('upgrade.updatedAt'), cell: (r) => formatDateTime(r.updatedAt) },
  ];
}

export function taskExportColumns(t: TFunction<'fleet'>): ExportColumn<TaskRow>[] {
  return [
    { header: t('device.imei'), value: (r) => r.imei },
    { header: t('upgrade.fromVersion'), value: (r) => r.fromVersion },
    { header: t('upgrade.targetVersion'), value: (r) => r.targetVersion },
    { header: t('upgrade.statusLabel'), value: (r) => taskStatusLabel(t, r.status) },
    { header: t('upgrade.message'), value: (r) => r.message },
    { header: t('vehicle.created'), value: (r) => formatDateTime(r.createdAt) },
    { header: t('upgrade.updatedAt'), value: (r) => formatDateTime(r.updatedAt) },
  ];
}
