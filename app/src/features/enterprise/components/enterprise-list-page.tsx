/**
 * The enterprise list (superAdmin/enterpriseList) and its service-provider variant (superAdmin/serviceProviderList,
 * enterprises of type 2): the three-level tree beside a searchable, paged list; add (below a parent), edit (a new
 * parent moves it), delete, export.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { DataTable, type Column } from '../../../components/crud/data-table';
import { useExportDialog } from '../../../components/crud/export-dialog';
import { FormDialog } from '../../../components/crud/form-dialog';
import { Pager } from '../../../components/crud/pager';
import { SearchForm, type SearchValues } from '../../../components/crud/search-form';
import { ListToolbar, Panel, RowAction, RowActions, ViewPage, useListState } from '../../../components/crud/view';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { useApp } from '../../../lib/app-context';
import { confirmAction } from '../../../lib/feedback';
import { formatDateTime, maskPhone, orUndefined } from '../../../lib/format';
import { useButtons } from '../../console/menu-route-context';
import { menuTitle, type MenuRoute } from '../../console/menu-routes';
import { useMenuPath } from '../../console/use-menu-path';
import { useDeleteEnterprises } from '../api/delete-enterprises';
import { getEnterprises, useEnterprises, type EnterpriseListParams } from '../api/get-enterprises';
import { useEnterpriseTree } from '../api/get-enterprise-tree';
import { useSaveEnterprise } from '../api/save-enterprise';
import { ENTERPRISE_TYPES, parentOptions, parentPath, VERIFY_STATES } from '../model';
import type { Enterprise } from '../types';
import { useEnumLabels, VerifyBadge } from './badges';
import { enterprisePayload, enterpriseValues, useEnterpriseFields, type EnterpriseValues } from './enterprise-fields';
import { EnterpriseTree } from './enterprise-tree';

type Filters = Omit<EnterpriseListParams, 'page' | 'pageSize'>;

type DialogState = { kind: 'create'; parentId: number | null } | { kind: 'edit'; ent: Enterprise } | null;

function toFilters(v: SearchValues, fixedType: number | undefined): Filters {
  const num = (s: string | undefined) => (s && /^\d+$/.test(s) ? Number(s) : undefined);
  return { keyword: orUndefined(v.keyword), type: fixedType ?? num(v.type), verifyState: num(v.verifyState) };
}

export function EnterpriseListPage({ route, fixedType, testId }: { route: MenuRoute; fixedType?: number; testId: string }) {
  const { t } = useTranslation('enterprise');
  const { lang } = useApp();
  const can = useButtons();
  const menuPath = useMenuPath();
  const labels = useEnumLabels();
  const list = useListState<Filters>({ type: fixedType });
  const params: EnterpriseListParams = { page: list.page, pageSize: list.pageSize, ...list.filters };
  const enterprises = useEnterprises(params);
  const tree = useEnterpriseTree(null);
  const save = useSaveEnterprise();
  const remove = useDeleteEnterprises();
  const [dialog, setDialog] = useState<DialogState>(null);
  const nodes = tree.data ?? [];
  const createFields = useEnterpriseFields({ parents: parentOptions(nodes, null), fixedType });
  const editFields = useEnterpriseFields({ parents: parentOptions(nodes, dialog?.kind === 'edit' ? dialog.ent.entId : null), fixedType });
  const title = menuTitle(route, lang);
  const detailOf = (id: number) => menuPath('enterpriseDetail', { id });

  const del = async (e: Enterprise) => {
    const ok = await confirmAction({ text: t('list.deleteTitle') }, { text: t('list.confirmDelete', { name: e.entName }) });
    if (ok) await remove.mutateAsync([e.entId]).catch(() => undefined);
  };

  const columns: Column<Enterprise>[] = [
    {
      key: 'entName',
      header: t('fields.entName'),
      primary: true,
      cell: (e) => {
        const to = detailOf(e.entId);
        return to ? (
          <Link to={to} className="text-accent font-medium hover:underline">
            {e.entName}
          </Link>
        ) : (
          <span className="font-medium text-slate-900">{e.entName}</span>
        );
      },
    },
    { key: 'abbr', header: t('fields.entAbbreviation'), cell: (e) => e.entAbbreviation || '—' },
    { key: 'parent', header: t('fields.parent'), cell: (e) => parentPath(e) || t('fields.topLevel') },
    { key: 'type', header: t('fields.type'), cell: (e) => labels.entType(e.type) },
    { key: 'verify', header: t('fields.verifyState'), cell: (e) => <VerifyBadge state={e.verifyState} /> },
    { key: 'contact', header: t('fields.contact'), cell: (e) => [e.contact, maskPhone(e.phone)].filter(Boolean).join(' · ') || '—', hideOnMobile: true },
    { key: 'createdAt', header: t('fields.createdAt'), cell: (e) => formatDateTime(e.createdAt), hideOnMobile: true },
    {
      key: 'actions',
      header: t('list.actions'),
      cell: (e) => {
        const settings = menuPath('enterpriseSettings', { id: e.entId });
        return (
          <RowActions>
            {can('edit') ? (
              <RowAction
                onClick={() => {
                  setDialog({ kind: 'edit', ent: e });
                }}
              >
                {t('list.edit')}
              </RowAction>
            ) : null}
            {settings ? (
              <Link to={settings} className="text-accent rounded px-1.5 py-1 text-sm font-medium whitespace-nowrap hover:underline">
                {t('list.settings')}
              </Link>
            ) : null}
            {can('delete') ? (
              <RowAction tone="danger" onClick={() => void del(e)}>
                {t('list.delete')}
              </RowAction>
            ) : null}
          </RowActions>
        );
      },
    },
  ];

  const exporter = useExportDialog({
    name: testId,
    fetchPage: getEnterprises,
    params: list.filters,
    columns: [
      { header: t('fields.entName'), value: (e: Enterprise) => e.entName },
      { header: t('fields.entAbbreviation'), value: (e: Enterprise) => e.entAbbreviation },
      { header: t('fields.parent'), value: parentPath },
      { header: t('fields.type'), value: (e: Enterprise) => labels.entType(e.type) },
      { header: t('fields.verifyState'), value: (e: Enterprise) => labels.verifyState(e.verifyState) },
      { header: t('fields.contact'), value: (e: Enterprise) => e.contact },
      { header: t('fields.createdAt'), value: (e: Enterprise) => formatDateTime(e.createdAt) },
    ],
  });

  const page = enterprises.data;
  const d = dialog;
  const searchFields = [
    { name: 'keyword', label: t('list.keyword') },
    ...(fixedType === undefined ? [{ name: 'type', label: t('fields.type'), type: 'select' as const, options: ENTERPRISE_TYPES.map((n) => ({ value: n, label: labels.entType(n) })) }] : []),
    { name: 'verifyState', label: t('fields.verifyState'), type: 'select' as const, options: VERIFY_STATES.map((n) => ({ value: n, label: labels.verifyState(n) })) },
  ];

  return (
    <ViewPage
      title={title}
      actions={
        <ListToolbar
          onRefresh={() => {
            void enterprises.refetch();
            void tree.refetch();
          }}
          onExport={can('export') ? exporter.start : null}
          onAdd={
            can('add')
              ? () => {
                  setDialog({ kind: 'create', parentId: null });
                }
              : null
          }
          addLabel={fixedType === undefined ? t('list.add') : t('providers.add')}
        />
      }
    >
      <div className="grid gap-4 2xl:grid-cols-[22rem_minmax(0,1fr)]">
        <Panel title={t('tree.title')} className="self-start">
          <div className="max-h-80 overflow-y-auto p-3 2xl:max-h-[70dvh]">
            {tree.isError ? (
              <ErrorState onRetry={() => void tree.refetch()} />
            ) : tree.isPending ? (
              <LoadingState />
            ) : (
              <EnterpriseTree
                key={nodes.map((n) => n.entId).join(',')}
                nodes={nodes}
                label={t('tree.title')}
                hrefOf={detailOf}
                actions={
                  can('add')
                    ? (n) =>
                        n.level < 3 ? (
                          <RowAction
                            label={t('tree.addChildOf', { name: n.entName })}
                            onClick={() => {
                              setDialog({ kind: 'create', parentId: n.entId });
                            }}
                          >
                            +
                          </RowAction>
                        ) : null
                    : undefined
                }
              />
            )}
          </div>
        </Panel>
        <div className="min-w-0 space-y-4">
          <Panel className="p-4">
            <SearchForm
              label={t('list.search')}
              initial={{}}
              fields={searchFields}
              onSearch={(v) => {
                if (!list.setFilters(toFilters(v, fixedType))) void enterprises.refetch();
              }}
            />
          </Panel>
          <Panel>
            <DataTable
              caption={title}
              columns={columns}
              rows={page?.list ?? []}
              rowKey={(e) => e.entId}
              loading={enterprises.isPending}
              stale={enterprises.isPlaceholderData}
              error={enterprises.isError ? t('list.loadFailed') : null}
              onRetry={() => void enterprises.refetch()}
              testId={testId}
            />
            <div className="px-3">
              <Pager total={page?.total ?? 0} page={list.page} pageSize={list.pageSize} onChange={list.setPaging} />
            </div>
          </Panel>
        </div>
      </div>

      {d?.kind === 'create' ? (
        <FormDialog<EnterpriseValues>
          open
          onClose={() => {
            setDialog(null);
          }}
          title={fixedType === undefined ? t('list.add') : t('providers.add')}
          testId="enterprise-create"
          fields={createFields}
          initialValues={enterpriseValues(null, { parentId: d.parentId ?? '', ...(fixedType === undefined ? {} : { type: fixedType }) })}
          onSubmit={(v) => save.mutateAsync(enterprisePayload(v, true))}
        />
      ) : null}
      {d?.kind === 'edit' ? (
        <FormDialog<EnterpriseValues>
          open
          onClose={() => {
            setDialog(null);
          }}
          title={t('list.editTitle', { name: d.ent.entName })}
          testId="enterprise-edit"
          fields={editFields}
          initialValues={enterpriseValues(d.ent)}
          onSubmit={(v) => save.mutateAsync({ entId: d.ent.entId, ...enterprisePayload(v, true) })}
        />
      ) : null}
      {exporter.dialog}
    </ViewPage>
  );
}
