/** superAdmin/dictionary (and sysDictionary): dictionaries by name or type; create, edit, delete; open the details. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { DataTable, type Column } from '../../../../components/crud/data-table';
import { FormDialog } from '../../../../components/crud/form-dialog';
import type { FieldDef, Option } from '../../../../components/crud/form';
import { SearchForm } from '../../../../components/crud/search-form';
import { ListToolbar, Panel, RowAction, RowActions, ViewPage } from '../../../../components/crud/view';
import { Badge } from '../../../../components/ui/states';
import { useApp } from '../../../../lib/app-context';
import { confirmAction } from '../../../../lib/feedback';
import type { MenuViewProps } from '../../../console/registry';
import { useButtons } from '../../../console/menu-route-context';
import { menuTitle } from '../../../console/menu-routes';
import { useMenuPath } from '../../../console/use-menu-path';
import type { Dictionary } from '../../types';
import { useDeleteDictionary } from '../api/delete-dictionary';
import { useDictionaries } from '../api/get-dictionaries';
import { useSaveDictionary } from '../api/save-dictionary';

interface Values { name: string; type: string; status: boolean; desc: string; parentID: number | '' }

/** The detail view that belongs to this list (dictionary → dictionaryDetail, sysDictionary → sysDictionaryDetail). */
export function detailRouteName(listName: string): string {
  return `${listName}Detail`;
}

export default function DictionaryView({ route }: MenuViewProps) {
  const { t } = useTranslation('system');
  const { lang } = useApp();
  const can = useButtons();
  const menuPath = useMenuPath();
  const [name, setName] = useState('');
  const list = useDictionaries(name);
  const save = useSaveDictionary();
  const remove = useDeleteDictionary();
  const [dialog, setDialog] = useState<{ dict: Dictionary | null } | null>(null);
  const title = menuTitle(route, lang);
  const rows = list.data ?? [];
  // every dictionary, for parent names and the parent picker (the search may narrow `rows`)
  const all = useDictionaries('');
  const nameOf = (id: number | null | undefined) => (id ? (all.data?.find((d) => d.ID === id)?.name ?? `#${id}`) : null);
  const editing = dialog?.dict ?? null;
  const parentOptions: Option[] = (all.data ?? [])
    .filter((d) => d.ID !== editing?.ID && d.parentID !== editing?.ID)
    .map((d) => ({ value: d.ID, label: `${d.name} (${d.type})` }));

  const fields: FieldDef<Values>[] = [
    { name: 'name', label: t('dictionaries.name'), type: 'text', required: true },
    { name: 'type', label: t('dictionaries.type'), type: 'text', required: true, pattern: { re: /^[A-Za-z][\w.]*$/, message: t('dictionaries.typeInvalid') } },
    { name: 'parentID', label: t('dictionaries.parent'), type: 'select', options: parentOptions, placeholder: t('dictionaries.noParent') },
    { name: 'desc', label: t('dictionaries.desc'), type: 'textarea', wide: true },
    { name: 'status', label: t('dictionaries.status'), type: 'switch' },
  ];
  const onDelete = async (d: Dictionary) => {
    const ok = await confirmAction({ key: 'confirm.deleteTitle' }, { text: t('dictionaries.confirmDelete', { name: d.name }) });
    if (ok) await remove.mutateAsync(d.ID).catch(() => undefined);
  };

  const columns: Column<Dictionary>[] = [
    {
      key: 'name',
      header: t('dictionaries.name'),
      primary: true,
      cell: (d) => {
        const to = menuPath(detailRouteName(route.name), { id: d.ID });
        return to ? (
          <Link to={to} className="text-accent font-medium hover:underline">
            {d.name}
          </Link>
        ) : (
          <span className="font-medium">{d.name}</span>
        );
      },
    },
    { key: 'type', header: t('dictionaries.type'), cell: (d) => <span className="font-mono text-xs">{d.type}</span> },
    { key: 'parent', header: t('dictionaries.parent'), cell: (d) => nameOf(d.parentID) ?? <span className="text-slate-400">—</span> },
    { key: 'status', header: t('dictionaries.status'), cell: (d) => <Badge tone={d.status ? 'green' : 'slate'}>{d.status ? t('common.on') : t('common.off')}</Badge> },
    { key: 'desc', header: t('dictionaries.desc'), cell: (d) => d.desc },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (d) => {
        const to = menuPath(detailRouteName(route.name), { id: d.ID });
        return (
          <RowActions>
            {to ? (
              <Link to={to} className="text-accent rounded px-1.5 py-1 text-sm font-medium hover:underline">
                {t('dictionaries.details')}
              </Link>
            ) : null}
            {can('edit') ? (
              <RowAction
                onClick={() => {
                  setDialog({ dict: d });
                }}
              >
                {t('common.edit')}
              </RowAction>
            ) : null}
            {can('delete') ? (
              <RowAction tone="danger" onClick={() => void onDelete(d)}>
                {t('common.delete')}
              </RowAction>
            ) : null}
          </RowActions>
        );
      },
    },
  ];

  return (
    <ViewPage
      title={title}
      actions={
        <ListToolbar
          onRefresh={() => void list.refetch()}
          onAdd={
            can('add')
              ? () => {
                  setDialog({ dict: null });
                }
              : null
          }
          addLabel={t('dictionaries.add')}
        />
      }
    >
      <Panel className="p-4">
        <SearchForm
          label={t('dictionaries.search')}
          initial={{}}
          onSearch={(v) => {
            const next = v.name ?? '';
            if (next === name) void list.refetch();
            else setName(next);
          }}
          fields={[{ name: 'name', label: t('dictionaries.nameOrType') }]}
        />
      </Panel>
      <Panel>
        <DataTable
          caption={title}
          columns={columns}
          rows={rows}
          rowKey={(d) => d.ID}
          loading={list.isPending}
          error={list.isError ? t('common.loadFailed') : null}
          onRetry={() => void list.refetch()}
          testId="dictionary-table"
        />
      </Panel>
      {dialog ? (
        <FormDialog<Values>
          open
          onClose={() => {
            setDialog(null);
          }}
          size="md"
          title={dialog.dict ? t('dictionaries.edit', { name: dialog.dict.name }) : t('dictionaries.add')}
          testId="dictionary-form"
          fields={fields}
          initialValues={{ name: dialog.dict?.name ?? '', type: dialog.dict?.type ?? '', status: dialog.dict?.status !== false, desc: dialog.dict?.desc ?? '', parentID: dialog.dict?.parentID ?? '' }}
          onSubmit={(v) =>
            save.mutateAsync({
              ...(dialog.dict ? { ID: dialog.dict.ID } : {}),
              name: v.name.trim(),
              type: v.type.trim(),
              status: v.status,
              desc: v.desc.trim(),
              parentID: v.parentID === '' ? null : v.parentID,
            })
          }
        />
      ) : null}
    </ViewPage>
  );
}
