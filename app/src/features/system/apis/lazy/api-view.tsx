/** superAdmin/api: the API registry, paged and searchable; create, edit, delete (one, or the selected ones). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable, type Column } from '../../../../components/crud/data-table';
import { FormDialog } from '../../../../components/crud/form-dialog';
import type { FieldDef } from '../../../../components/crud/form';
import { Pager } from '../../../../components/crud/pager';
import { SearchForm } from '../../../../components/crud/search-form';
import { ListToolbar, Panel, RowAction, RowActions, ViewPage, useListState } from '../../../../components/crud/view';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/fields';
import { TrashIcon } from '../../../../components/ui/icons';
import { Badge } from '../../../../components/ui/states';
import { orUndefined } from '../../../../lib/format';
import { useApp } from '../../../../lib/app-context';
import { confirmAction } from '../../../../lib/feedback';
import type { MenuViewProps } from '../../../console/registry';
import { useButtons } from '../../../console/menu-route-context';
import { menuTitle } from '../../../console/menu-routes';
import { HTTP_METHODS, type SysApi } from '../../types';
import { useDeleteApi } from '../api/delete-api';
import { useDeleteApisByIds } from '../api/delete-apis-by-ids';
import { useApiList, type ApiListParams } from '../api/get-api-list';
import { useSaveApi } from '../api/save-api';

type Filters = Omit<ApiListParams, 'page' | 'pageSize'>;
interface Values { path: string; description: string; apiGroup: string; method: string }

const METHOD_TONE: Partial<Record<string, 'green' | 'blue' | 'amber' | 'red'>> = { GET: 'green', POST: 'blue', PUT: 'amber', DELETE: 'red' };

export default function ApiView({ route }: MenuViewProps) {
  const { t } = useTranslation('system');
  const { lang } = useApp();
  const can = useButtons();
  const list = useListState<Filters>({});
  const apis = useApiList({ page: list.page, pageSize: list.pageSize, ...list.filters });
  const save = useSaveApi();
  const remove = useDeleteApi();
  const removeMany = useDeleteApisByIds();
  const [dialog, setDialog] = useState<{ api: SysApi | null } | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const rows = apis.data?.list ?? [];
  const title = menuTitle(route, lang);
  const methodOptions = HTTP_METHODS.map((m) => ({ value: m, label: m }));

  const fields: FieldDef<Values>[] = [
    { name: 'path', label: t('apis.path'), type: 'text', required: true, pattern: { re: /^\//, message: t('apis.pathInvalid') } },
    { name: 'method', label: t('apis.method'), type: 'select', required: true, options: methodOptions },
    { name: 'apiGroup', label: t('apis.group'), type: 'text', required: true },
    { name: 'description', label: t('apis.description'), type: 'text', required: true },
  ];

  const onDelete = async (a: SysApi) => {
    const ok = await confirmAction({ key: 'confirm.deleteTitle' }, { text: t('apis.confirmDelete', { path: `${a.method} ${a.path}` }) });
    if (ok) await remove.mutateAsync(a).catch(() => undefined);
  };
  const onDeleteSelected = async () => {
    const ok = await confirmAction({ key: 'confirm.deleteTitle' }, { text: t('apis.confirmDeleteMany', { count: selected.size }) });
    if (!ok) return;
    await removeMany
      .mutateAsync([...selected])
      .then(() => {
        setSelected(new Set());
      })
      .catch(() => undefined);
  };
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.ID));

  const columns: Column<SysApi>[] = [
    ...(can('delete')
      ? [
          {
            key: 'select',
            header: (
              <Checkbox
                aria-label={t('apis.selectPage')}
                checked={allOnPage}
                onChange={() => {
                  setSelected(allOnPage ? new Set() : new Set(rows.map((r) => r.ID)));
                }}
              />
            ),
            hideOnMobile: true,
            cell: (a: SysApi) => (
              <Checkbox
                aria-label={t('apis.select', { path: a.path })}
                checked={selected.has(a.ID)}
                onChange={() => {
                  toggle(a.ID);
                }}
              />
            ),
          },
        ]
      : []),
    { key: 'path', header: t('apis.path'), primary: true, cell: (a) => <span className="font-mono text-xs text-slate-900">{a.path}</span> },
    {
      key: 'method',
      header: t('apis.method'),
      cell: (a) => <Badge tone={METHOD_TONE[a.method.toUpperCase()] ?? 'slate'}>{a.method.toUpperCase()}</Badge>,
    },
    { key: 'group', header: t('apis.group'), cell: (a) => a.apiGroup },
    { key: 'description', header: t('apis.description'), cell: (a) => a.description },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (a) => (
        <RowActions>
          {can('edit') ? (
            <RowAction
              onClick={() => {
                setDialog({ api: a });
              }}
            >
              {t('common.edit')}
            </RowAction>
          ) : null}
          {can('delete') ? (
            <RowAction tone="danger" onClick={() => void onDelete(a)}>
              {t('common.delete')}
            </RowAction>
          ) : null}
        </RowActions>
      ),
    },
  ];

  return (
    <ViewPage
      title={title}
      actions={
        <ListToolbar
          onRefresh={() => void apis.refetch()}
          onAdd={
            can('add')
              ? () => {
                  setDialog({ api: null });
                }
              : null
          }
          addLabel={t('apis.add')}
        >
          {can('delete') && selected.size > 0 ? (
            <Button variant="danger" size="sm" onClick={() => void onDeleteSelected()}>
              <TrashIcon className="size-4" />
              {t('apis.deleteSelected', { count: selected.size })}
            </Button>
          ) : null}
        </ListToolbar>
      }
    >
      <Panel className="p-4">
        <SearchForm
          label={t('apis.search')}
          initial={{}}
          onSearch={(v) => {
            if (!list.setFilters({ path: orUndefined(v.path), description: orUndefined(v.description), apiGroup: orUndefined(v.apiGroup), method: orUndefined(v.method) })) void apis.refetch();
          }}
          fields={[
            { name: 'path', label: t('apis.path') },
            { name: 'description', label: t('apis.description') },
            { name: 'apiGroup', label: t('apis.group') },
            { name: 'method', label: t('apis.method'), type: 'select', options: methodOptions },
          ]}
        />
      </Panel>
      <Panel>
        <DataTable
          caption={title}
          columns={columns}
          rows={rows}
          rowKey={(a) => a.ID}
          loading={apis.isPending}
          stale={apis.isPlaceholderData}
          error={apis.isError ? t('common.loadFailed') : null}
          onRetry={() => void apis.refetch()}
          testId="api-table"
        />
        <div className="px-3">
          <Pager total={apis.data?.total ?? 0} page={list.page} pageSize={list.pageSize} onChange={list.setPaging} />
        </div>
      </Panel>
      {dialog ? (
        <FormDialog<Values>
          open
          onClose={() => {
            setDialog(null);
          }}
          size="md"
          columns={1}
          title={dialog.api ? t('apis.edit') : t('apis.add')}
          testId="api-form"
          fields={fields}
          initialValues={{
            path: dialog.api?.path ?? '',
            description: dialog.api?.description ?? '',
            apiGroup: dialog.api?.apiGroup ?? '',
            method: dialog.api?.method.toUpperCase() ?? 'POST',
          }}
          onSubmit={(v) =>
            save.mutateAsync({
              ...(dialog.api ? { ID: dialog.api.ID } : {}),
              path: v.path.trim(),
              description: v.description.trim(),
              apiGroup: v.apiGroup.trim(),
              method: v.method,
            })
          }
        />
      ) : null}
    </ViewPage>
  );
}
