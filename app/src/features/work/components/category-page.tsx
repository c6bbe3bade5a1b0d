/**
 * The list of one kind of work category (problem types or modules) of the acting enterprise: search, add, edit,
 * delete. The built-in default problem type (id 0) is shown but cannot be changed.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable, type Column } from '../../../components/crud/data-table';
import { FormDialog } from '../../../components/crud/form-dialog';
import type { FieldDef } from '../../../components/crud/form';
import { Pager } from '../../../components/crud/pager';
import { SearchForm } from '../../../components/crud/search-form';
import { ListToolbar, Panel, RowAction, RowActions, ViewPage, useListState } from '../../../components/crud/view';
import { Badge } from '../../../components/ui/states';
import { useApp } from '../../../lib/app-context';
import { confirmAction } from '../../../lib/feedback';
import { useButtons } from '../../console/menu-route-context';
import type { MenuViewProps } from '../../console/registry';
import { menuTitle } from '../../console/menu-routes';
import { useCategories } from '../api/get-categories';
import { useSaveCategory } from '../api/save-category';
import type { CategoryKind, WorkCategory } from '../types';

interface Values { name: string; desc: string; sort: number }

export function CategoryPage({ route, kind }: MenuViewProps & { kind: CategoryKind }) {
  const { t } = useTranslation('work');
  const { lang } = useApp();
  const can = useButtons();
  const list = useListState<{ keyword?: string }>({});
  const categories = useCategories({ kind, page: list.page, pageSize: list.pageSize, ...list.filters });
  const save = useSaveCategory();
  const [dialog, setDialog] = useState<{ row: WorkCategory | null } | null>(null);
  const title = menuTitle(route, lang);

  const fields: FieldDef<Values>[] = [
    { name: 'name', label: t('category.name'), type: 'text', required: true, maxLength: 64 },
    { name: 'sort', label: t('category.sort'), type: 'number' },
    { name: 'desc', label: t('category.desc'), type: 'textarea', wide: true },
  ];
  const onDelete = async (row: WorkCategory) => {
    const ok = await confirmAction({ key: 'confirm.deleteTitle' }, { text: t('category.confirmDelete', { name: row.name }) });
    if (ok) await save.mutateAsync({ id: row.id, delete: true }).catch(() => undefined);
  };
  const columns: Column<WorkCategory>[] = [
    {
      key: 'name',
      header: t('category.name'),
      primary: true,
      cell: (c) => (
        <span className="font-medium">
          {c.name} {c.id === 0 ? <Badge tone="slate">{t('category.builtIn')}</Badge> : null}
        </span>
      ),
    },
    { key: 'desc', header: t('category.desc'), cell: (c) => c.desc },
    { key: 'sort', header: t('category.sort'), cell: (c) => c.sort },
    {
      key: 'actions',
      header: t('category.actions'),
      cell: (c) =>
        c.id === 0 ? null : (
          <RowActions>
            {can('edit') ? (
              <RowAction
                onClick={() => {
                  setDialog({ row: c });
                }}
              >
                {t('category.edit')}
              </RowAction>
            ) : null}
            {can('delete') ? (
              <RowAction tone="danger" onClick={() => void onDelete(c)}>
                {t('category.delete')}
              </RowAction>
            ) : null}
          </RowActions>
        ),
    },
  ];

  return (
    <ViewPage
      title={title}
      description={t(`category.${kind}Description`)}
      actions={
        <ListToolbar
          onRefresh={() => void categories.refetch()}
          onAdd={
            can('add')
              ? () => {
                  setDialog({ row: null });
                }
              : null
          }
          addLabel={t('category.add')}
        />
      }
    >
      <Panel className="p-4">
        <SearchForm
          label={t('category.search')}
          initial={{}}
          onSearch={(v) => {
            if (!list.setFilters(v.keyword ? { keyword: v.keyword } : {})) void categories.refetch();
          }}
          fields={[{ name: 'keyword', label: t('category.name') }]}
        />
      </Panel>
      <Panel>
        <DataTable
          caption={title}
          columns={columns}
          rows={categories.data?.list ?? []}
          rowKey={(c) => c.id}
          loading={categories.isPending}
          error={categories.isError ? t('category.loadFailed') : null}
          onRetry={() => void categories.refetch()}
          testId={`category-table-${kind}`}
        />
        <Pager total={categories.data?.total ?? 0} page={list.page} pageSize={list.pageSize} onChange={list.setPaging} />
      </Panel>
      {dialog ? (
        <FormDialog<Values>
          open
          onClose={() => {
            setDialog(null);
          }}
          size="md"
          title={dialog.row ? t('category.editTitle', { name: dialog.row.name }) : t('category.add')}
          testId="category-form"
          fields={fields}
          initialValues={{ name: dialog.row?.name ?? '', desc: dialog.row?.desc ?? '', sort: dialog.row?.sort ?? 0 }}
          onSubmit={(v) =>
            save.mutateAsync({ ...(dialog.row ? { id: dialog.row.id } : {}), kind, name: v.name.trim(), desc: v.desc.trim(), sort: v.sort })
          }
        />
      ) : null}
    </ViewPage>
  );
}
