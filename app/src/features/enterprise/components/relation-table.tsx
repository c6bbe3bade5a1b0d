/**
 * Relations with a side the caller sees: who shares with whom, the type, the state and the vehicles covered; confirm
 * or refuse a request the server says the caller may answer, end one, or change what a granted relation covers.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormDialog } from '@/components/crud/form-dialog';
import { useResource } from '@/components/crud/resource-view';
import type { SearchValues } from '@/components/crud/search-form';
import { RowAction } from '@/components/crud/view';
import { ArrowRightIcon } from '@/components/ui/icons';
import { formatDateTime } from '@/lib/format';
import { getRelations, type RelationListParams } from '../api/get-relations';
import { enterpriseKeys } from '../api/keys';
import { useSaveRelation } from '../api/save-relation';
import { parseIdList, RELATION_STATES, RELATION_TYPES, relationActions } from '../model';
import type { Relation } from '../types';
import { RelationStateBadge, useEnumLabels } from './badges';

type Filters = Omit<RelationListParams, 'page' | 'pageSize'>;
type Dialog = { kind: 'refuse' | 'end'; rel: Relation } | { kind: 'coverage'; rel: Relation } | null;

function toFilters(v: SearchValues): Filters {
  const num = (s: string | undefined) => (s && /^\d+$/.test(s) ? Number(s) : undefined);
  const direction = v.direction === 'granted' || v.direction === 'received' ? v.direction : undefined;
  return { type: num(v.type), state: num(v.state), direction };
}

export function RelationTable({ editable }: { editable: boolean }) {
  const { t } = useTranslation('enterprise');
  const labels = useEnumLabels();
  const save = useSaveRelation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => {
    setDialog(null);
  };

  const relations = useResource<Relation, Filters, object, number>({
    title: t('relation.title'),
    testId: 'relations',
    queryKey: enterpriseKeys.relations,
    fetchPage: getRelations,
    toParams: toFilters,
    searchFields: [
      { name: 'type', label: t('relation.type'), type: 'select', options: RELATION_TYPES.map((n) => ({ value: n, label: labels.relationType(n) })) },
      { name: 'state', label: t('relation.state'), type: 'select', options: RELATION_STATES.map((n) => ({ value: n, label: labels.relationState(n) })) },
      {
        name: 'direction',
        label: t('relation.direction'),
        type: 'select',
        options: (['granted', 'received'] as const).map((x) => ({ value: x, label: t(`relation.directions.${x}`) })),
      },
    ],
    columns: [
      {
        key: 'sides',
        header: t('relation.sides'),
        primary: true,
        cell: (r) => (
          <span className="inline-flex flex-wrap items-center gap-1.5">
            <span className="font-medium text-slate-900">{r.entName}</span>
            <ArrowRightIcon className="size-4 text-slate-400" title={t('relation.sharesWith')} />
            <span className="font-medium text-slate-900">{r.relatedEntName}</span>
          </span>
        ),
      },
      { key: 'type', header: t('relation.type'), cell: (r) => labels.relationType(r.type) },
      { key: 'state', header: t('relation.state'), cell: (r) => <RelationStateBadge state={r.state} /> },
      { key: 'direction', header: t('relation.direction'), cell: (r) => t(`relation.directions.${r.direction}`) },
      { key: 'vehicles', header: t('relation.vehicles'), cell: (r) => String(r.vehicleCount), align: 'right' },
      { key: 'remark', header: t('invitation.remark'), cell: (r) => r.remark || '—', hideOnMobile: true },
      { key: 'createdAt', header: t('fields.createdAt'), cell: (r) => formatDateTime(r.createdAt), hideOnMobile: true },
    ],
    rowKey: (r) => r.ID,
    rowLabel: (r) => `${r.entName} → ${r.relatedEntName}`,
    texts: { search: t('relation.search'), loadFailed: t('list.loadFailed'), empty: t('relation.empty') },
    rowActions: (r) =>
      editable ? (
        <>
          {relationActions(r).map((a) =>
            a === 'confirm' ? (
              <RowAction key={a} onClick={() => void save.mutateAsync({ ID: r.ID, action: 'confirm' }).catch(() => undefined)}>
                {t('relation.actions.confirm')}
              </RowAction>
            ) : (
              <RowAction
                key={a}
                tone="danger"
                onClick={() => {
                  setDialog({ kind: a, rel: r });
                }}
              >
                {t(`relation.actions.${a}`)}
              </RowAction>
            ),
          )}
          {r.direction === 'granted' && (r.state === 0 || r.state === 1) ? (
            <RowAction
              onClick={() => {
                setDialog({ kind: 'coverage', rel: r });
              }}
            >
              {t('relation.actions.coverage')}
            </RowAction>
          ) : null}
        </>
      ) : null,
  });

  const d = dialog;
  return (
    <div className="space-y-3">
      <div className="px-4 pt-4">{relations.search}</div>
      {relations.table}
      <div className="px-3">{relations.pager}</div>
      {d?.kind === 'refuse' || d?.kind === 'end' ? (
        <FormDialog<{ reason: string }>
          open
          size="sm"
          columns={1}
          onClose={close}
          title={t(`relation.actions.${d.kind}`)}
          description={`${d.rel.entName} → ${d.rel.relatedEntName}`}
          testId="relation-reason"
          fields={[{ name: 'reason', label: t('relation.reason'), type: 'textarea', maxLength: 200 }]}
          initialValues={{ reason: '' }}
          submitLabel={t(`relation.actions.${d.kind}`)}
          onSubmit={(v) => save.mutateAsync({ ID: d.rel.ID, action: d.kind, ...(v.reason.trim() ? { reason: v.reason.trim() } : {}) })}
        />
      ) : null}
      {d?.kind === 'coverage' ? (
        <FormDialog<{ vehicleIds: string; remark: string }>
          open
          size="md"
          columns={1}
          onClose={close}
          title={t('relation.actions.coverage')}
          description={`${d.rel.entName} → ${d.rel.relatedEntName}`}
          testId="relation-coverage"
          fields={[
            {
              name: 'vehicleIds',
              label: t('partner.vehicleIds'),
              type: 'textarea',
              hint: t('partner.vehicleIdsHint'),
              validate: (value) => (parseIdList(typeof value === 'string' ? value : '') === null ? t('partner.vehicleIdsInvalid') : null),
            },
            { name: 'remark', label: t('invitation.remark'), type: 'textarea', maxLength: 200 },
          ]}
          initialValues={{ vehicleIds: d.rel.vehicleIds.join(', '), remark: d.rel.remark }}
          onSubmit={(v) => save.mutateAsync({ ID: d.rel.ID, action: 'update', vehicleIds: parseIdList(v.vehicleIds) ?? [], remark: v.remark.trim() })}
        />
      ) : null}
    </div>
  );
}
