/**
 * What every list of orders shares: the columns (number and title linking to the detail, state, type, priority,
 * grade, vehicle, assignee, due time, opened), the export columns (by name: the lists' set and the map's exports),
 * and the list filters (state, type, assignee, vehicle, opening days, keyword, overdue, mine) with the params they make.
 */
import { useTranslation } from 'react-i18next';

import type { Column } from '@/components/crud/data-table';
import type { ExportColumn } from '@/components/crud/export-all';
import type { SearchField, SearchValues } from '@/components/crud/search-form';
import { AppLink } from '@/components/ui/app-link';
import { Badge } from '@/components/ui/states';
import type { ListQuery, OrderRow } from '@/lib/api-types';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { formatDateTime, orUndefined } from '@/lib/format';
import { useOrderCars } from '../api/get-order-cars';
import { useTypes } from '../api/get-types';
import { useUserSearch } from '../api/search-users';
import { GradeBadge, PriorityBadge, StateBadge, useEnumOptions, useWorkLabels } from './badges';
import { personName } from './user-picker';

/** The detail page of an order: the menu's detail route, else the fixed /wf/:id. */
export function useOrderPath(): (id: number) => string {
  const menuPath = useMenuPath();
  return (id) => menuPath('workOrderDetail', { id }) ?? `/wf/${String(id)}`;
}

export function useOrderColumns(): { columns: Column<OrderRow>[]; exportColumns: ExportColumn<OrderRow>[] } {
  const { t } = useTranslation('work');
  const path = useOrderPath();
  const columns: Column<OrderRow>[] = [
    {
      key: 'title',
      header: t('field.title'),
      primary: true,
      cell: (o) => (
        <AppLink to={path(o.id)} className="group block min-w-0 py-1" data-testid={`order-link-${o.number}`}>
          <span className="block text-xs text-slate-500 tabular-nums">{o.number}</span>
          <span className="text-accent font-medium group-hover:underline">{o.title}</span>
        </AppLink>
      ),
    },
    { key: 'state', header: t('field.state'), cell: (o) => <StateBadge state={o.state} /> },
    { key: 'type', header: t('field.type'), cell: (o) => o.typeName },
    { key: 'priority', header: t('field.priority'), cell: (o) => <PriorityBadge priority={o.priority} /> },
    { key: 'grade', header: t('field.grade'), cell: (o) => <GradeBadge grade={o.grade} /> },
    { key: 'plate', header: t('field.vehicle'), cell: (o) => o.plate || '—' },
    { key: 'assignee', header: t('field.assignee'), cell: (o) => o.assigneeName || t('people.nobody') },
    {
      key: 'due',
      header: t('field.dueAt'),
      cell: (o) =>
        o.dueAt ? (
          <span className="inline-flex flex-wrap items-center gap-1 tabular-nums">
            {formatDateTime(o.dueAt)}
            {o.overdue ? <Badge tone="red">{t('list.overdue')}</Badge> : null}
          </span>
        ) : (
          '—'
        ),
    },
    { key: 'created', header: t('field.createdAt'), cell: (o) => <span className="tabular-nums">{formatDateTime(o.createdAt)}</span> },
  ];
  const exportColumns = useOrderExportColumns(LIST_EXPORT);
  return { columns, exportColumns };
}

/** The columns an export of orders may have, by name. */
export type OrderExportKey =
  | 'number'
  | 'title'
  | 'state'
  | 'type'
  | 'category'
  | 'priority'
  | 'grade'
  | 'plate'
  | 'requester'
  | 'assignee'
  | 'due'
  | 'overdue'
  | 'labels'
  | 'cost'
  | 'created'
  | 'resolved'
  | 'closed'
  | 'address'
  | 'repair';

/** What the order lists export. */
const LIST_EXPORT: readonly OrderExportKey[] = ['number', 'title', 'state', 'type', 'category', 'priority', 'grade', 'plate', 'requester', 'assignee', 'due', 'overdue', 'labels', 'cost', 'created', 'resolved'];

/** The export columns named by `keys`, in that order, with headers and values in the page's language. */
export function useOrderExportColumns(keys: readonly OrderExportKey[]): ExportColumn<OrderRow>[] {
  const { t } = useTranslation('work');
  const l = useWorkLabels();
  const time = (value: string | null | undefined) => (value ? formatDateTime(value) : '');
  const all: Record<OrderExportKey, ExportColumn<OrderRow>> = {
    number: { header: t('field.number'), value: (o) => o.number },
    title: { header: t('field.title'), value: (o) => o.title },
    state: { header: t('field.state'), value: (o) => l.state(o.state) },
    type: { header: t('field.type'), value: (o) => o.typeName },
    category: { header: t('field.category'), value: (o) => o.categoryName },
    priority: { header: t('field.priority'), value: (o) => l.priority(o.priority) },
    grade: { header: t('field.grade'), value: (o) => l.grade(o.grade) },
    plate: { header: t('field.vehicle'), value: (o) => o.plate },
    requester: { header: t('field.requester'), value: (o) => o.requesterName },
    assignee: { header: t('field.assignee'), value: (o) => o.assigneeName },
    due: { header: t('field.dueAt'), value: (o) => time(o.dueAt) },
    overdue: { header: t('list.overdue'), value: (o) => (o.overdue ? l.yes : l.no) },
    labels: { header: t('field.labels'), value: (o) => o.labels.join(', ') },
    cost: { header: t('field.cost'), value: (o) => o.cost },
    created: { header: t('field.createdAt'), value: (o) => formatDateTime(o.createdAt) },
    resolved: { header: t('field.resolvedAt'), value: (o) => time(o.resolvedAt) },
    closed: { header: t('field.closedAt'), value: (o) => time(o.closedAt) },
    address: { header: t('field.address'), value: (o) => o.address },
    repair: { header: t('field.repairSummary'), value: (o) => o.repairSummary },
  };
  return keys.map((k) => all[k]);
}

export type OrderFilters = Omit<ListQuery, 'page' | 'pageSize'>;

/** The search form's values → the list call's filters (blank ones left out). */
export function toListParams(v: SearchValues): OrderFilters {
  const num = (k: string) => (v[k] ? Number(v[k]) : undefined);
  const bool = (k: string) => (v[k] === 'true' ? true : v[k] === 'false' ? false : undefined);
  return {
    keyword: orUndefined(v.keyword?.trim()),
    state: num('state'),
    typeId: num('typeId'),
    assigneeId: num('assigneeId'),
    vehicleId: num('vehicleId'),
    from: orUndefined(v.from),
    to: orUndefined(v.to),
    overdue: bool('overdue'),
    mine: bool('mine'),
  };
}

/** The list filters; `withMine` adds the 'mine' switch (the working list; "my orders" is mine already). */
export function useOrderSearchFields(withMine = true): SearchField[] {
  const { t } = useTranslation('work');
  const enums = useEnumOptions();
  const types = useTypes({ page: 1, pageSize: 100 });
  const users = useUserSearch({ page: 1, pageSize: 100 });
  const cars = useOrderCars({ page: 1, pageSize: 100 });
  return [
    { name: 'keyword', label: t('list.keyword'), placeholder: t('list.keywordHint') },
    { name: 'state', label: t('field.state'), type: 'select', options: enums.states },
    { name: 'typeId', label: t('field.type'), type: 'select', options: (types.data?.list ?? []).map((ty) => ({ value: ty.id, label: ty.name })) },
    { name: 'assigneeId', label: t('field.assignee'), type: 'select', options: (users.data?.list ?? []).map((u) => ({ value: u.id, label: personName(u) })) },
    { name: 'vehicleId', label: t('field.vehicle'), type: 'select', options: (cars.data?.list ?? []).map((c) => ({ value: c.id, label: c.plate })) },
    { name: 'from', label: t('list.from'), type: 'date' },
    { name: 'to', label: t('list.to'), type: 'date' },
    { name: 'overdue', label: t('list.overdue'), type: 'select', options: enums.yesNo },
    ...(withMine ? [{ name: 'mine', label: t('list.mine'), type: 'select' as const, options: enums.yesNo }] : []),
  ];
}
