/** superAdmin/dictionary (and sysDictionary): dictionaries by name or type; create, edit, delete; open the details. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { FieldDef, Option } from '@/components/crud/form';
import { oneByOne, ResourceView } from '@/components/crud/resource-view';
import { Badge } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { orUndefined } from '@/lib/format';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useMenuPath } from '@/lib/console/use-menu-path';
import type { Dictionary } from '../../types';
import { useDeleteDictionary } from '../api/delete-dictionary';
import { dictionariesKey, getDictionaries, useAllDictionaries, type DictionaryListParams } from '../api/get-dictionaries';
import { useSaveDictionary } from '../api/save-dictionary';

interface Values { name: string; type: string; status: boolean; desc: string; parentID: number | '' }

/** The detail view that belongs to this list (dictionary → dictionaryDetail, sysDictionary → sysDictionaryDetail). */
export function detailRouteName(listName: string): string {
  return `${listName}Detail`;
}

export default function DictionaryView({ route }: MenuViewProps) {
  const { t } = useTranslation('system');
  const { lang } = useApp();
  const menuPath = useMenuPath();
  const save = useSaveDictionary();
  const remove = useDeleteDictionary();
  // every dictionary, for parent names and the parent picker (the search may narrow the list)
  const all = useAllDictionaries();
  const nameOf = (id: number | null | undefined) => (id ? (all.data?.find((d) => d.ID === id)?.name ?? `#${id}`) : null);
  const detailOf = (d: Dictionary) => menuPath(detailRouteName(route.name), { id: d.ID });

  const fields = (editing: Dictionary | null): FieldDef<Values>[] => {
    const parentOptions: Option[] = (all.data ?? [])
      .filter((d) => d.ID !== editing?.ID && d.parentID !== editing?.ID)
      .map((d) => ({ value: d.ID, label: `${d.name} (${d.type})` }));
    return [
      { name: 'name', label: t('dictionaries.name'), type: 'text', required: true },
      { name: 'type', label: t('dictionaries.type'), type: 'text', required: true, pattern: { re: /^[A-Za-z][\w.]*$/, message: t('dictionaries.typeInvalid') } },
      { name: 'parentID', label: t('dictionaries.parent'), type: 'select', options: parentOptions, placeholder: t('dictionaries.noParent') },
      { name: 'desc', label: t('dictionaries.desc'), type: 'textarea', wide: true },
      { name: 'status', label: t('dictionaries.status'), type: 'switch' },
    ];
  };

  return (
    <ResourceView<Dictionary, DictionaryListParams, Values, number>
      title={menuTitle(route, lang)}
      testId="dictionary"
      queryKey={dictionariesKey}
      fetchAll={getDictionaries}
      toParams={(v) => ({ name: orUndefined(v.name) })}
      searchFields={[{ name: 'name', label: t('dictionaries.nameOrType') }]}
      columns={[
        {
          key: 'name',
          header: t('dictionaries.name'),
          primary: true,
          cell: (d) => {
            const to = detailOf(d);
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
      ]}
      rowKey={(d) => d.ID}
      rowLabel={(d) => d.name}
      texts={{ search: t('dictionaries.search'), loadFailed: t('common.loadFailed'), confirmDelete: (d) => t('dictionaries.confirmDelete', { name: d.name }) }}
      rowActions={(d) => {
        const to = detailOf(d);
        return to ? (
          <Link to={to} className="text-accent rounded px-1.5 py-1 text-sm font-medium hover:underline">
            {t('dictionaries.details')}
          </Link>
        ) : null;
      }}
      form={{
        addLabel: t('dictionaries.add'),
        editTitle: (d) => t('dictionaries.edit', { name: d.name }),
        size: 'md',
        fields,
        empty: { name: '', type: '', status: true, desc: '', parentID: '' },
        fromRow: (d) => ({ name: d.name, type: d.type, status: d.status, desc: d.desc, parentID: d.parentID ?? '' }),
        save: (v, d) =>
          save.mutateAsync({
            ...(d ? { ID: d.ID } : {}),
            name: v.name.trim(),
            type: v.type.trim(),
            status: v.status,
            desc: v.desc.trim(),
            parentID: v.parentID === '' ? null : v.parentID,
          }),
      }}
      selectable={false}
      remove={oneByOne(remove.mutateAsync)}
    />
  );
}
