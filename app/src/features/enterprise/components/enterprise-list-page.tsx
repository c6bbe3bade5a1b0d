/**
 * The enterprise list (superAdmin/enterpriseList) and its service-provider variant (superAdmin/serviceProviderList,
 * enterprises of type 2): the three-level tree beside a searchable, paged list; add (below a parent), edit (a new
 * parent moves it), delete, export.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useResource } from '@/components/crud/resource-view';
import type { SearchValues } from '@/components/crud/search-form';
import { Panel, RowAction, ViewPage } from '@/components/crud/view';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { formatDateTime, maskPhone, orUndefined } from '@/lib/format';
import { useButtons } from '@/lib/console/menu-route-context';
import { menuTitle, type MenuRoute } from '@/lib/console/menu-routes';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { useDeleteEnterprises } from '../api/delete-enterprises';
import { getEnterprises, type EnterpriseListParams } from '../api/get-enterprises';
import { enterpriseKeys } from '../api/keys';
import { useEnterpriseTree } from '../api/get-enterprise-tree';
import { useSaveEnterprise } from '../api/save-enterprise';
import { ENTERPRISE_TYPES, parentOptions, parentPath, VERIFY_STATES } from '../model';
import type { Enterprise } from '../types';
import { useEnumLabels, VerifyBadge } from './badges';
import { enterprisePayload, enterpriseValues, useEnterpriseFieldList, type EnterpriseValues } from './enterprise-fields';
import { EnterpriseTree } from './enterprise-tree';

type Filters = Omit<EnterpriseListParams, 'page' | 'pageSize'>;

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
  const tree = useEnterpriseTree(null);
  const save = useSaveEnterprise();
  const remove = useDeleteEnterprises();
  const nodes = tree.data ?? [];
  const fieldsFor = useEnterpriseFieldList();
  const title = menuTitle(route, lang);
  const detailOf = (id: number) => menuPath('enterpriseDetail', { id });
  const addLabel = fixedType === undefined ? t('list.add') : t('providers.add');

  const list = useResource<Enterprise, Filters, EnterpriseValues, number>({
    title,
    testId,
    tableTestId: testId,
    queryKey: enterpriseKeys.list,
    fetchPage: getEnterprises,
    toParams: (v) => toFilters(v, fixedType),
    searchFields: [
      { name: 'keyword', label: t('list.keyword') },
      ...(fixedType === undefined ? [{ name: 'type', label: t('fields.type'), type: 'select' as const, options: ENTERPRISE_TYPES.map((n) => ({ value: n, label: labels.entType(n) })) }] : []),
      { name: 'verifyState', label: t('fields.verifyState'), type: 'select' as const, options: VERIFY_STATES.map((n) => ({ value: n, label: labels.verifyState(n) })) },
    ],
    columns: [
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
    ],
    rowKey: (e) => e.entId,
    rowLabel: (e) => e.entName,
    texts: {
      search: t('list.search'),
      loadFailed: t('list.loadFailed'),
      deleteTitle: { text: t('list.deleteTitle') },
      confirmDelete: (e) => t('list.confirmDelete', { name: e.entName }),
    },
    rowActionsAfterEdit: (e) => {
      const settings = menuPath('enterpriseSettings', { id: e.entId });
      return settings ? (
        <Link to={settings} className="text-accent rounded px-1.5 py-1 text-sm font-medium whitespace-nowrap hover:underline">
          {t('list.settings')}
        </Link>
      ) : null;
    },
    exportName: testId,
    exportColumns: [
      { header: t('fields.entName'), value: (e) => e.entName },
      { header: t('fields.entAbbreviation'), value: (e) => e.entAbbreviation },
      { header: t('fields.parent'), value: parentPath },
      { header: t('fields.type'), value: (e) => labels.entType(e.type) },
      { header: t('fields.verifyState'), value: (e) => labels.verifyState(e.verifyState) },
      { header: t('fields.contact'), value: (e) => e.contact },
      { header: t('fields.createdAt'), value: (e) => formatDateTime(e.createdAt) },
    ],
    form: {
      addLabel,
      editTitle: (e) => t('list.editTitle', { name: e.entName }),
      testId: (e) => (e ? 'enterprise-edit' : 'enterprise-create'),
      // an enterprise moves under any parent but its own subtree
      fields: (e) => fieldsFor({ parents: parentOptions(nodes, e ? e.entId : null), fixedType }),
      empty: enterpriseValues(null, { parentId: '', ...(fixedType === undefined ? {} : { type: fixedType }) }),
      fromRow: (e) => enterpriseValues(e),
      save: (v, e) => save.mutateAsync(e ? { entId: e.entId, ...enterprisePayload(v, true) } : enterprisePayload(v, true)),
    },
    selectable: false,
    remove: (ids) => remove.mutateAsync(ids),
    onRefresh: () => void tree.refetch(),
  });

  return (
    <ViewPage title={title} actions={list.toolbar}>
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
                              list.add({ parentId: n.entId });
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
          <Panel className="p-4">{list.search}</Panel>
          <Panel>
            {list.table}
            <div className="px-3">{list.pager}</div>
          </Panel>
        </div>
      </div>
      {list.dialogs}
    </ViewPage>
  );
}
