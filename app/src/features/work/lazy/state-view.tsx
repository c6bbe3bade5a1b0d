/**
 * project/state: the order states with their counts (`state_list`) and who may move an order between them, and the
 * order types of the enterprise (`type_list`, `order_type_save`) with their templates (`order_type_t`).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { oneByOne, useResource } from '@/components/crud/resource-view';
import { Panel, RowAction, ViewPage } from '@/components/crud/view';
import { Badge, ErrorState, LoadingState } from '@/components/ui/states';
import type { OrderType } from '@/lib/api-types';
import { useApp } from '@/lib/app-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { orUndefined } from '@/lib/format';
import { useStateList } from '../api/get-state-list';
import { getTypes } from '../api/get-types';
import { workKeys } from '../api/keys';
import { useSaveType } from '../api/save-type';
import { StateBadge } from '../components/badges';
import { TemplateEditor } from '../components/template-editor';
import { CANCELLED, CLOSED, IN_PROGRESS, PENDING, RESOLVED } from '../model';

/** The transitions of docs/work-orders.md and who may make them. */
const MOVES = [
  { from: [PENDING], to: IN_PROGRESS, action: 'start', who: 'assignee' },
  { from: [IN_PROGRESS], to: RESOLVED, action: 'resolve', who: 'assignee' },
  { from: [RESOLVED], to: CLOSED, action: 'close', who: 'requester' },
  { from: [RESOLVED], to: IN_PROGRESS, action: 'reopen', who: 'requester' },
  { from: [PENDING, IN_PROGRESS], to: CANCELLED, action: 'cancel', who: 'requester' },
] as const;

export default function StateView({ route }: MenuViewProps) {
  const { t } = useTranslation('work');
  const { lang } = useApp();
  const states = useStateList({});
  return (
    <ViewPage title={menuTitle(route, lang)} description={t('states.description')}>
      <Panel title={t('states.title')}>
        {states.isPending ? (
          <LoadingState />
        ) : states.isError ? (
          <ErrorState message={t('states.loadFailed')} onRetry={() => void states.refetch()} />
        ) : (
          <ul className="grid grid-cols-2 gap-3 p-4 md:grid-cols-5" data-testid="state-counts">
            {states.data.map((s) => (
              <li key={s.state} className="rounded-lg p-3 ring-1 ring-slate-200">
                <StateBadge state={s.state} />
                <p className="mt-2 text-2xl font-semibold tabular-nums" data-testid={`state-count-${String(s.state)}`}>{s.count}</p>
                <p className="text-xs text-slate-500 tabular-nums">{s.state}</p>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title={t('states.moves')}>
        <ul className="divide-y divide-slate-100" data-testid="state-moves">
          {MOVES.map((m) => (
            <li key={m.action} className="flex flex-wrap items-center gap-2 px-4 py-2.5 text-sm">
              <span className="w-24 font-medium">{t(`action.${m.action}`)}</span>
              {m.from.map((f) => <StateBadge key={f} state={f} />)}
              <span aria-hidden="true">→</span>
              <StateBadge state={m.to} />
              <span className="w-full text-slate-500 md:ml-auto md:w-auto">{t(`states.who.${m.who}`)}</span>
            </li>
          ))}
        </ul>
      </Panel>
      <OrderTypes />
    </ViewPage>
  );
}

interface TypeValues { name: string; sort: number }

function OrderTypes() {
  const { t } = useTranslation('work');
  const save = useSaveType();
  const [templates, setTemplates] = useState<OrderType | null>(null);
  const r = useResource<OrderType, { keyword?: string }, TypeValues, number>({
    title: t('types.title'),
    testId: 'order-types',
    queryKey: workKeys.types,
    fetchPage: getTypes,
    toParams: (v) => ({ keyword: orUndefined(v.keyword?.trim()) }),
    searchFields: [{ name: 'keyword', label: t('types.name') }],
    columns: [
      {
        key: 'name',
        header: t('types.name'),
        primary: true,
        cell: (ty) => (
          <span className="font-medium">
            {ty.name} {ty.builtIn ? <Badge>{t('types.builtIn')}</Badge> : null}
          </span>
        ),
      },
      { key: 'fields', header: t('types.fields'), cell: (ty) => ty.fields.length },
      { key: 'dispose', header: t('types.dispose'), cell: (ty) => ty.dispose.map((f) => f.label).join(', ') || '—' },
      { key: 'sort', header: t('types.sort'), cell: (ty) => ty.sort },
    ],
    rowKey: (ty) => ty.id,
    rowLabel: (ty) => ty.name,
    selectable: false,
    texts: { confirmDelete: (ty) => t('types.confirmDelete', { name: ty.name }) },
    rowActions: (ty) => <RowAction onClick={() => { setTemplates(ty); }}>{t('types.templates')}</RowAction>,
    form: {
      addLabel: t('types.add'),
      editTitle: (ty) => t('types.editTitle', { name: ty.name }),
      editable: (ty) => !ty.builtIn,
      size: 'md',
      fields: [
        { name: 'name', label: t('types.name'), type: 'text', required: true, maxLength: 64 },
        { name: 'sort', label: t('types.sort'), type: 'number' },
      ],
      empty: { name: '', sort: 0 },
      fromRow: (ty) => ({ name: ty.name, sort: ty.sort }),
      save: (v, ty) => save.mutateAsync({ ...(ty ? { id: ty.id } : {}), name: v.name.trim(), sort: Number.isFinite(v.sort) ? v.sort : 0 }),
    },
    removable: (ty) => !ty.builtIn,
    remove: oneByOne((id: number) => save.mutateAsync({ id, delete: true })),
  });
  return (
    <Panel title={t('types.title')} actions={r.toolbar}>
      <p className="px-4 pt-3 text-sm text-slate-500">{t('types.description')}</p>
      {r.search ? <div className="p-4">{r.search}</div> : null}
      {r.table}
      {r.pager ? <div className="px-3">{r.pager}</div> : null}
      {r.dialogs}
      {templates ? <TemplateEditor type={templates} onClose={() => { setTemplates(null); }} /> : null}
    </Panel>
  );
}
